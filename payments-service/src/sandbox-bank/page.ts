import { formatNumberFa } from '@arzpol/contracts'
import { TEST_CARDS } from './cards.ts'

/** HTML of the sandbox bank: self-contained (no external assets), Persian and right-to-left. */

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

const STYLE = `
  body{margin:0;font-family:Vazirmatn,Tahoma,sans-serif;background:#eef2f7;color:#1f2937}
  .bar{background:#0b3d91;color:#fff;padding:14px 24px;display:flex;justify-content:space-between}
  .bar small{opacity:.8}
  main{max-width:720px;margin:24px auto;background:#fff;border-radius:12px;
    box-shadow:0 2px 10px rgba(0,0,0,.08);padding:24px}
  .sandbox{background:#fff7e6;border:1px solid #f5c16c;border-radius:8px;padding:10px 14px;font-size:14px}
  dl{display:grid;grid-template-columns:max-content 1fr;gap:8px 16px}
  dt{color:#6b7280} dd{margin:0;font-weight:bold}
  label{display:block;margin-top:12px}
  input{font:inherit;padding:8px;border:1px solid #cbd5e1;border-radius:6px;width:100%;box-sizing:border-box}
  .ltr{direction:ltr;text-align:left}
  .row{display:flex;gap:12px} .row>*{flex:1}
  .actions{display:flex;gap:12px;margin-top:20px}
  button{font:inherit;padding:10px 24px;border-radius:6px;border:0;cursor:pointer}
  .pay{background:#0b3d91;color:#fff} .cancel{background:#e5e7eb}
  .error{background:#fde8e8;color:#9b1c1c;border-radius:6px;padding:10px;margin-top:12px}
`

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="fa" dir="rtl"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="strict-origin-when-cross-origin">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><div class="bar"><strong>درگاه پرداخت اینترنتی سامان</strong><small>بانک آزمایشی ارزپل — بدون پول واقعی</small></div>
<main>${body}</main></body></html>`
}

/** The bank's refusal of a card the merchant's token does not allow (ADR 024). */
export const CARD_NOT_ALLOWED =
  'پذیرنده این پرداخت را به کارت دیگری محدود کرده است و این کارت پذیرفته نمی‌شود. با کارتی که در سایت پذیرنده ثبت کرده‌اید پرداخت کنید یا انصراف دهید.'

export function paymentPage(input: {
  token: string
  amountIrr: number
  resNum: string
  terminalId: string
  /** The token names the one card that may pay (HashedCardNumber) and the bank holds to it. */
  restricted?: boolean
  error?: string
}): string {
  const error = input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : ''
  const restricted = input.restricted
    ? '<p class="sandbox" data-testid="card-restricted">این پرداخت فقط با کارتی انجام می‌شود که پذیرنده تعیین کرده است.</p>'
    : ''
  return layout(
    'پرداخت اینترنتی',
    `<h1>پرداخت اینترنتی</h1>
<p class="sandbox">این صفحه بانک آزمایشی است. کارت موفق: <bdi class="ltr">${TEST_CARDS.success}</bdi>،
کارت با موجودی ناکافی: <bdi class="ltr">${TEST_CARDS.insufficientFunds}</bdi>،
کارت با رمز نادرست: <bdi class="ltr">${TEST_CARDS.wrongPin}</bdi>،
کارت موفقی که بانک برگشت پرداخت‌هایش را نمی‌پذیرد: <bdi class="ltr">${TEST_CARDS.noReversal}</bdi>،
کارت موفق دوم: <bdi class="ltr">${TEST_CARDS.other}</bdi>. هر CVV2، تاریخ و رمز دومی پذیرفته می‌شود.</p>
${restricted}
<dl>
  <dt>مبلغ قابل پرداخت</dt><dd data-testid="amount">${formatNumberFa(input.amountIrr)} ریال</dd>
  <dt>شماره پایانه</dt><dd><bdi>${escapeHtml(input.terminalId)}</bdi></dd>
  <dt>شماره سفارش</dt><dd><bdi>${escapeHtml(input.resNum)}</bdi></dd>
</dl>
${error}
<form method="post" action="/OnlinePG/pay" autocomplete="off">
  <input type="hidden" name="Token" value="${escapeHtml(input.token)}">
  <label>شماره کارت<input name="pan" class="ltr" inputmode="numeric" dir="ltr" maxlength="19" required></label>
  <div class="row">
    <label>CVV2<input name="cvv2" class="ltr" inputmode="numeric" dir="ltr" maxlength="4"></label>
    <label>ماه انقضا<input name="exp_month" class="ltr" inputmode="numeric" dir="ltr" maxlength="2"></label>
    <label>سال انقضا<input name="exp_year" class="ltr" inputmode="numeric" dir="ltr" maxlength="2"></label>
  </div>
  <label>رمز دوم (پویا)<input name="pin2" type="password" class="ltr" inputmode="numeric" dir="ltr" maxlength="12"></label>
  <div class="actions">
    <button class="pay" type="submit" name="action" value="pay">پرداخت</button>
    <button class="cancel" type="submit" name="action" value="cancel" formnovalidate>انصراف</button>
  </div>
</form>`,
  )
}

/** The bank hands the browser back to the merchant: an auto-submitted form (POST, or GET). */
export function returnPage(input: {
  redirectUrl: string
  method: 'post' | 'get'
  fields: Record<string, string>
  message: string
}): string {
  const hidden = Object.entries(input.fields)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('\n')
  return layout(
    'بازگشت به سایت پذیرنده',
    `<h1>${escapeHtml(input.message)}</h1>
<p>در حال بازگشت به سایت پذیرنده…</p>
<form id="return" method="${input.method}" action="${escapeHtml(input.redirectUrl)}">
${hidden}
<button class="pay" type="submit">بازگشت به سایت پذیرنده</button>
</form>
<script>document.getElementById('return').submit()</script>`,
  )
}

export function errorPage(message: string): string {
  return layout('خطا', `<h1>خطا</h1><p class="error" role="alert">${escapeHtml(message)}</p>`)
}
