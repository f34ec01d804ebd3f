import {
  formatMinor,
  formatNumberFa,
  formatPercentFa,
  formatToman,
  parseAmountToMinor,
} from '@arzpol/contracts'
import { Form } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { SubmitButton } from '~/components/forms.tsx'
import { formatTimeLeft, useCountdown } from '~/utils/countdown.ts'

/** Pieces of the new-request page: the live quote, the bank hand-off, the re-quote. */

export interface Quote {
  /** What was priced (the quote answer carries them; a 409's new quote too). */
  amount?: string
  currency?: string
  payment_type?: string
  rate_irr: number
  subtotal_irr?: number
  fee_irr: number
  amount_irr: number
  expires_at: string
  /** The signed quote, sent with create so the order gets exactly this price (ADR 013). */
  quote_token?: string
}

/** The token of `quote` when it priced exactly what the form holds now, else ''. */
export function quoteTokenFor(
  quote: Quote | null | undefined,
  form: { amount: string; currency: string; paymentType: string },
): string {
  if (!quote?.quote_token) return ''
  const amount = parseAmountToMinor(form.amount)
  if (amount === null) return ''
  const same =
    quote.amount === formatMinor(amount) &&
    quote.currency === form.currency &&
    quote.payment_type === form.paymentType
  return same ? quote.quote_token : ''
}

const QUOTE_DEBOUNCE_MS = 400

/**
 * The toman quote, fetched through web's `/api/*` proxy 400 ms after the last change. Persian
 * and Arabic digits are converted first; a failed quote is logged and cleared.
 */
export function useLiveQuote(input: { amount: string; currency: string; paymentType: string }) {
  const [quote, setQuote] = useState<Quote | null>(null)
  const [loading, setLoading] = useState(false)
  const amount = parseAmountToMinor(input.amount)
  const key = amount === null ? '' : `${amount}|${input.currency}|${input.paymentType}`
  const latest = useRef(key)
  latest.current = key

  useEffect(() => {
    if (!key || amount === null) {
      setQuote(null)
      setLoading(false)
      return
    }
    setLoading(true)
    const controller = new AbortController()
    const timer = setTimeout(() => {
      const query = new URLSearchParams({
        amount: formatMinor(amount),
        currency: input.currency,
        payment_type: input.paymentType,
      })
      fetch(`/api/quote/?${query}`, {
        signal: controller.signal,
        headers: { Accept: 'application/json' },
      })
        .then(async (response) => {
          if (!response.ok) throw new Error(`quote answered ${response.status}`)
          return (await response.json()) as Quote
        })
        .then((answer) => {
          if (latest.current === key) setQuote(answer)
        })
        .catch(() => {
          // No quote is shown then; the server prices the order again when it is sent.
          if (controller.signal.aborted) return
          if (latest.current === key) setQuote(null)
        })
        .finally(() => {
          if (latest.current === key) setLoading(false)
        })
    }, QUOTE_DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
    // `amount`, `currency` and `paymentType` are all in `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])

  return { quote: key ? quote : null, loading }
}

export function QuotePanel({ quote, loading }: { quote: Quote | null; loading: boolean }) {
  if (!quote) {
    return (
      <div
        aria-live="polite"
        className="rounded-xl border border-dashed border-slate-300 px-4 py-3 text-sm text-slate-500"
      >
        {loading ? 'در حال محاسبه مبلغ…' : 'مبلغ و ارز را وارد کنید تا مبلغ به تومان محاسبه شود.'}
      </div>
    )
  }
  return <QuoteDetails quote={quote} />
}

/** The fee as a share of the amount at the rate ("۳٪"), so a bare sum can be judged. */
function feeShare(quote: Quote): string | null {
  if (!quote.subtotal_irr || quote.subtotal_irr <= 0 || quote.fee_irr <= 0) return null
  return formatPercentFa(quote.fee_irr / quote.subtotal_irr)
}

function QuoteDetails({ quote }: { quote: Quote }) {
  const share = feeShare(quote)
  const seconds = Math.max(0, Math.round((Date.parse(quote.expires_at) - Date.now()) / 1000))
  const left = useCountdown(Math.min(seconds, 15 * 60), quote.expires_at)
  return (
    <div
      aria-live="polite"
      data-testid="quote"
      className="rounded-xl border border-teal-200 bg-teal-50 px-4 py-3 text-sm text-slate-800"
    >
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1.5">
        <dt className="text-slate-600">نرخ هر واحد</dt>
        <dd>{formatToman(quote.rate_irr)}</dd>
        <dt className="text-slate-600">کارمزد</dt>
        <dd data-testid="quote-fee">
          {formatToman(quote.fee_irr)}
          {share ? <span className="text-slate-600"> ({share} مبلغ)</span> : null}
        </dd>
        <dt className="font-semibold">مبلغ قابل پرداخت</dt>
        <dd className="font-bold text-teal-800" data-testid="quote-total">
          {formatToman(quote.amount_irr)}
        </dd>
      </dl>
      <p className="mt-2 text-xs text-slate-600">
        {left > 0 ? (
          <>
            این نرخ تا <span className="font-semibold">{formatTimeLeft(left)}</span> دیگر برای شما
            قفل می‌ماند (اگر سفارش را اکنون ثبت کنید).
          </>
        ) : (
          'مهلت این نرخ تمام شد؛ با تغییر مبلغ، نرخ تازه محاسبه می‌شود.'
        )}
      </p>
    </div>
  )
}

/**
 * The hidden form carrying the token to the bank. JavaScript submits it at once; without
 * JavaScript the customer presses the visible button.
 */
export function GatewayForm({
  gatewayUrl,
  token,
  price,
}: {
  gatewayUrl: string
  token: string
  /** Shown before the button: without JavaScript this page is where the customer sees it. */
  price?: { amountIrr: number; rateIrr: number; feeIrr: number } | undefined
}) {
  const form = useRef<HTMLFormElement>(null)
  useEffect(() => {
    form.current?.submit()
  }, [gatewayUrl, token])
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-6 text-center sm:p-8">
      <h2 className="text-xl font-bold text-slate-900">در حال انتقال به درگاه بانک…</h2>
      <p className="mt-3 leading-8 text-slate-600">
        سفارش شما ثبت شد. اگر به صفحه بانک منتقل نشدید، دکمه زیر را بزنید.
      </p>
      {price ? (
        <dl
          className="mx-auto mt-4 grid w-fit grid-cols-[max-content_1fr] gap-x-4 gap-y-1.5 text-start text-sm"
          data-testid="gateway-price"
        >
          <dt className="text-slate-600">نرخ هر واحد</dt>
          <dd>{formatToman(price.rateIrr)}</dd>
          <dt className="text-slate-600">کارمزد</dt>
          <dd>{formatToman(price.feeIrr)}</dd>
          <dt className="font-semibold">مبلغ قابل پرداخت</dt>
          <dd className="font-bold text-teal-800">{formatToman(price.amountIrr)}</dd>
        </dl>
      ) : null}
      <form ref={form} method="post" action={gatewayUrl} className="mt-5">
        <input type="hidden" name="Token" value={token} />
        <button
          type="submit"
          className="rounded-xl bg-teal-700 px-6 py-3 font-semibold text-white hover:bg-teal-800"
        >
          رفتن به درگاه بانک
        </button>
      </form>
    </section>
  )
}

/** 409 quote_expired: the order's new amounts at today's rate, as the action answers them. */
export interface QuoteExpired {
  orderId: number
  flow: string
  detail: string
  amountIrr: number
  rateIrr: number
  feeIrr: number
}

/** 409 quote_expired: the new amounts, and a button that starts the order again at them. */
export function QuoteExpiredPanel(props: QuoteExpired) {
  return (
    <section
      role="alert"
      className="rounded-2xl border border-amber-300 bg-amber-50 p-6 text-slate-800 sm:p-8"
    >
      <h2 className="text-lg font-bold">نرخ سفارش به‌روز شد</h2>
      <p className="mt-2 leading-8">{props.detail}</p>
      <dl className="mt-3 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1.5 text-sm">
        <dt>نرخ جدید هر واحد</dt>
        <dd>{formatToman(props.rateIrr)}</dd>
        <dt>کارمزد</dt>
        <dd>{formatToman(props.feeIrr)}</dd>
        <dt className="font-semibold">مبلغ جدید</dt>
        <dd className="font-bold">{formatToman(props.amountIrr)}</dd>
      </dl>
      <Form method="post" action="/dashboard/new-request" className="mt-5 flex gap-3">
        <input type="hidden" name="order_id" value={props.orderId} />
        <input type="hidden" name="flow" value={props.flow} />
        <SubmitButton intent="start">تایید و پرداخت</SubmitButton>
      </Form>
      <p className="mt-3 text-xs text-slate-600">
        سفارش شماره <bdi>{formatNumberFa(props.orderId)}</bdi>
      </p>
    </section>
  )
}
