import {
  formatJalaliDateTime,
  formatNumberFa,
  formatToman,
  moneyBackReason,
} from '@arzpol/contracts'
import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { Field, FormAlert, SubmitButton, TextAreaField } from '~/components/forms.tsx'
import { Badge, EmptyState, PageHeader } from '~/features/staff/ui.tsx'
import { StaffOrderLink } from '~/features/orders/staff-order-link.tsx'
import { Table } from '~/components/ui/table.tsx'
import type { FormErrors } from '~/utils/form-errors.ts'
import { parseFormData } from '~/features/staff/staff-forms.server.ts'
import { readForStaff, readStaffForm } from '~/features/staff/staff-route.server.ts'
import { redirectWithFlash, staffFailure } from '~/features/staff/staff.server.ts'
import {
  listMoneyToReturn,
  refundByHand,
  refundByHandSchema,
  type MoneyToReturnItem,
} from '~/features/orders/money-to-return.server.ts'
import {
  recentReconciliationDays,
  reconciliationField,
} from '~/features/orders/reconciliation-day.server.ts'

/**
 * Money to return (ADR 014): every rial captured from the bank that is not on a paid order,
 * oldest first, until the bank reverses it or staff return it by hand. A return by hand opens a
 * manual refund here; its bank transfer is recorded on the order's page (the tracking number).
 */

export async function loader({ request }: LoaderFunctionArgs) {
  const { answer: result, headers } = await readForStaff(request, listMoneyToReturn)
  const reconciliation = reconciliationField(new URL(request.url))
  return data({ ...result, reconciliation, recentDays: recentReconciliationDays() }, { headers })
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

type ActionResult = { item: string; errors: FormErrors }

export async function action({ request }: ActionFunctionArgs) {
  const { tokens, headers, form } = await readStaffForm(request)
  const item = String(form.get('gateway_tx_id') ?? '')
  const fail = (errors: FormErrors, status = 400) =>
    data<ActionResult>({ item, errors }, { status, headers })
  const parsed = parseFormData(refundByHandSchema, form)
  if (!parsed.ok) return fail(parsed.errors)
  const result = await refundByHand(request, tokens.access, parsed.value.gateway_tx_id, {
    note: parsed.value.note,
  })
  if (!result.ok) {
    return fail(staffFailure(result, 'ثبت بازپرداخت دستی ممکن نشد', { note: 'note' }), 400)
  }
  return redirectWithFlash(
    '/staff/money-to-return',
    `بازپرداخت دستی ${formatToman(result.data.amount_irr)} ثبت شد؛ پس از واریز، شماره پیگیری را در صفحه سفارش ثبت کنید.`,
    headers,
  )
}

/** A return on its way: the bank was asked, or staff are to send the transfer. */
const openRefundOf = (item: MoneyToReturnItem) =>
  item.refunds.find((refund) => refund.status === 'pending' || refund.status === 'requested')

function ReturnCell({ item, errors }: { item: MoneyToReturnItem; errors?: FormErrors }) {
  const open = openRefundOf(item)
  if (open) {
    return (
      <p className="flex min-w-48 flex-col gap-1 text-sm" data-testid="money-to-return-open">
        <span>
          {open.status === 'pending'
            ? 'بازپرداخت دستی در انتظار واریز'
            : 'درخواست برگشت به بانک ارسال شده'}
        </span>
        <Link to={`/staff/orders/${item.payment_id}`} className="text-teal-800 underline">
          ثبت شماره پیگیری در صفحه سفارش
        </Link>
      </p>
    )
  }
  return (
    <Form method="post" noValidate className="flex min-w-56 flex-col gap-2">
      <FormAlert errors={errors?.form ?? []} />
      <input type="hidden" name="gateway_tx_id" value={item.gateway_tx_id} />
      <TextAreaField
        name="note"
        label="توضیح (فقط برای پشتیبانی)"
        required
        rows={2}
        errors={errors?.fields.note}
      />
      <div>
        <SubmitButton intent="refund-by-hand" variant="secondary">
          بازپرداخت دستی
        </SubmitButton>
      </div>
    </Form>
  )
}

export default function MoneyToReturn() {
  const { count, total_irr, results, reconciliation, recentDays } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <>
      <PageHeader title="پول برای بازگرداندن">
        <span data-testid="money-to-return-count">
          {formatNumberFa(count)} مورد، جمعاً {formatToman(total_irr)}
        </span>
      </PageHeader>
      <p className="text-sm text-slate-600">
        پرداخت‌هایی که بانک تأیید کرده ولی روی سفارش پرداخت‌شده‌ای نیستند، قدیمی‌ترین اول، تا وقتی
        بانک آن‌ها را برگرداند یا پشتیبانی دستی بازپرداخت کند.
      </p>
      <form
        method="get"
        action="/staff/reconciliation"
        id="reconciliation"
        noValidate
        className="flex flex-wrap items-end gap-3 rounded-2xl border border-slate-200 bg-white p-4"
      >
        <Field
          name="day"
          label="روز تطبیق با بانک"
          hint="به تاریخ شمسی، مانند ۱۴۰۵/۰۹/۰۸؛ پیش‌فرض دیروز است و روزهای یک ماه گذشته در فهرست این خانه آمده‌اند. مبلغ‌های فایل به ریال است، مانند صورت‌حساب بانک."
          placeholder="۱۴۰۵/۰۹/۰۸"
          inputMode="numeric"
          dir="ltr"
          autoComplete="off"
          list="reconciliation-days"
          defaultValue={reconciliation.value}
          errors={reconciliation.errors}
          className="min-w-64"
        />
        <datalist id="reconciliation-days" data-testid="reconciliation-days">
          {recentDays.map((day) => (
            <option key={day.value} value={day.value} label={day.label} />
          ))}
        </datalist>
        <button
          type="submit"
          className="rounded-xl px-4 py-2 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
        >
          دریافت گزارش تطبیق روزانه (CSV)
        </button>
      </form>
      {results.length === 0 ? (
        <EmptyState>پولی برای بازگرداندن نیست.</EmptyState>
      ) : (
        <Table
          caption="پول برای بازگرداندن"
          columns={['سفارش', 'مشتری', 'مبلغ', 'دلیل', 'از', 'حساب مشتری', 'بازگرداندن']}
          rows={results.map((item) => ({
            key: String(item.gateway_tx_id),
            cells: [
              <StaffOrderLink key="order" id={item.payment_id} testId="money-to-return-order" />,
              <bdi key="phone" dir="ltr">
                {item.customer_phone}
              </bdi>,
              <span key="amount" className="font-semibold" data-testid="money-to-return-amount">
                {formatToman(item.amount_irr)}
              </span>,
              <span key="reason" className="flex flex-col items-start gap-1">
                <Badge tone="amber">{moneyBackReason(item.reason)}</Badge>
                {item.return_block ? (
                  <Badge tone="slate">{moneyBackReason(item.return_block)}</Badge>
                ) : null}
                {item.ref_num ? (
                  <span className="text-xs text-slate-600">
                    مرجع بانک: <bdi dir="ltr">{item.ref_num}</bdi>
                  </span>
                ) : null}
              </span>,
              <span key="since">{formatJalaliDateTime(item.since)}</span>,
              <RefundAccountCell key="account" item={item} />,
              <ReturnCell
                key="return"
                item={item}
                errors={
                  actionData && actionData.item === String(item.gateway_tx_id)
                    ? actionData.errors
                    : undefined
                }
              />,
            ],
          }))}
        />
      )}
    </>
  )
}

/**
 * Where a transfer goes: the Sheba the customer gave on the order page (ADR 038), and whether
 * the owner inquiry already matched them; below level 1 staff check the owner by hand.
 */
function RefundAccountCell({ item }: { item: MoneyToReturnItem }) {
  if (!item.refund_sheba) {
    return <span className="text-xs text-slate-600">مشتری هنوز شبا نداده است</span>
  }
  return (
    <span className="flex flex-col items-start gap-1" data-testid="money-to-return-sheba">
      <bdi dir="ltr" className="text-xs">
        {item.refund_sheba}
      </bdi>
      {item.refund_sheba_checked ? (
        <Badge tone="emerald">مالکیت بررسی شد</Badge>
      ) : (
        <Badge tone="amber">مالکیت را پیش از واریز دستی بررسی کنید</Badge>
      )}
    </span>
  )
}

export const meta: MetaFunction = () => [{ title: 'پول برای بازگرداندن | پنل پشتیبانی ارزپل' }]

export { StaffErrorBoundary as ErrorBoundary } from '~/features/staff/ui.tsx'
