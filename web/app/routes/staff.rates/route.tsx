import { CURRENCIES } from '@arzpol/contracts/catalog/currencies'
import { readFormData } from '~/utils/form-data.server.ts'
import { formatJalaliDateTime, formatNumberFa, formatToman } from '@arzpol/contracts'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { boundFields, Field, FormAlert, SelectField, SubmitButton } from '~/components/forms.tsx'
import { RateChart } from '~/features/catalog/rate-chart.tsx'
import { EmptyState, ErrorNotice, PageHeader, Panel, ViewPills } from '~/features/staff/ui.tsx'
import { Table } from '~/components/ui/table.tsx'
import { CURRENCY_LABELS } from '~/features/orders/orders.ts'
import { parseRate } from '~/features/catalog/staff-catalog-forms.server.ts'
import {
  listRates,
  rateChangeNeedsConfirmationSchema,
  rateHistory,
  setRate,
} from '~/features/catalog/staff-catalog.server.ts'
import { readForStaff } from '~/features/staff/staff-route.server.ts'
import { redirectWithFlash, requireStaff, staffFailure } from '~/features/staff/staff.server.ts'
import { proposedFlash } from '~/features/approvals/approvals.server.ts'
import { privatePageMeta } from '~/utils/private-page-meta.ts'

/**
 * Buy rates: today's value of every currency, the history of one (`?currency=`, USD by default)
 * with a small chart, and for admins the form that sets a new rate. Orders placed after that lock
 * the new rate; orders already placed keep theirs.
 */

/** The checkbox that confirms a large change (rate safety, ADR 013). */
export const CONFIRM_LABEL = 'این تغییر بزرگ نرخ را تایید می‌کنم'

export async function loader({ request }: LoaderFunctionArgs) {
  const { answer: rates, tokens, headers, role } = await readForStaff(request, listRates)
  const currencies: string[] = [...new Set([...rates.map((r) => r.currency), ...CURRENCIES])]
  const param = (new URL(request.url).searchParams.get('currency') ?? 'USD').toUpperCase()
  const currency = currencies.includes(param) ? param : 'USD'
  const history = await rateHistory(request, tokens.access, currency)
  return data(
    {
      rates,
      currencies,
      currency,
      history: history.ok ? history.data : null,
      canSet: role === 'admin',
    },
    { headers },
  )
}

export async function action({ request }: ActionFunctionArgs) {
  const { tokens, headers } = await requireStaff(request, 'admin')
  const formData = await readFormData(request)
  const parsed = parseRate(formData, CURRENCIES)
  const values = {
    currency: String(formData.get('currency') ?? ''),
    rate_toman: String(formData.get('rate_toman') ?? ''),
    note: String(formData.get('note') ?? ''),
  }
  if (!parsed.ok) return data({ errors: parsed.errors, values }, { status: 400, headers })
  const { currency, buyRateIrr, note } = parsed.value
  const confirm = formData.get('confirm') === 'true'
  const result = await setRate(request, tokens.access, {
    currency,
    buy_rate_irr: buyRateIrr,
    note,
    ...(confirm && { confirm: true }),
  })
  const needsConfirmation = result.ok
    ? null
    : rateChangeNeedsConfirmationSchema.safeParse(result.body)
  if (!result.ok && result.status === 409 && needsConfirmation?.success) {
    // A change larger than RATE_CHANGE_CONFIRM_PERCENT: payments-service's Persian reason, the
    // two rates, and the confirm checkbox; sending the form again with it ticked sets the rate.
    const { current_rate_irr: current, change_percent: percent } = needsConfirmation.data
    const detail =
      current === null
        ? needsConfirmation.data.detail
        : `${needsConfirmation.data.detail} (نرخ فعلی ${formatToman(current)}، نرخ جدید ${formatToman(buyRateIrr)})`
    return data(
      {
        errors: { form: [detail], fields: {} },
        values,
        needsConfirmation: { percent },
      },
      { status: 409, headers },
    )
  }
  if (!result.ok) {
    const errors = staffFailure(result, 'ثبت نرخ ممکن نشد', {
      buy_rate_irr: 'rate_toman',
      currency: 'currency',
      note: 'note',
    })
    return data({ errors, values }, { status: result.status >= 500 ? 503 : 400, headers })
  }
  const label = CURRENCY_LABELS[currency] ?? currency
  return redirectWithFlash(
    `/staff/rates?currency=${currency}`,
    proposedFlash(result) ?? `نرخ جدید ${label} ثبت شد: ${formatToman(buyRateIrr)}`,
    headers,
  )
}

export default function StaffRates() {
  const { rates, currencies, currency, history, canSet } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const errors = actionData?.errors
  const values = actionData?.values
  const field = boundFields(errors, values)
  const needsConfirmation = actionData && 'needsConfirmation' in actionData
  const options = currencies.map((c) => ({ value: c, label: `${CURRENCY_LABELS[c] ?? c} (${c})` }))
  return (
    <>
      <PageHeader title="نرخ ارز">
        نرخ خرید هر ارز به تومان؛ سفارش‌های تازه با آخرین نرخ قفل می‌شوند.
      </PageHeader>
      <Table
        caption="نرخ‌های فعلی"
        columns={['ارز', 'نرخ خرید', 'آخرین تغییر']}
        rows={rates.map((rate) => ({
          key: rate.currency,
          cells: [
            <Link
              key="c"
              to={`/staff/rates?currency=${rate.currency}`}
              className="text-teal-800 underline"
            >
              {CURRENCY_LABELS[rate.currency] ?? rate.currency} ({rate.currency})
            </Link>,
            <span key="r" data-testid={`rate-${rate.currency}`} className="font-bold">
              {formatToman(rate.buy_rate_irr)}
            </span>,
            formatJalaliDateTime(rate.updated_at),
          ],
        }))}
      />
      {canSet ? (
        <Panel title="ثبت نرخ جدید">
          <Form
            key={rates.map((r) => r.updated_at).join()}
            method="post"
            className="grid gap-4 sm:grid-cols-3"
            noValidate
          >
            <div className="sm:col-span-3">
              <FormAlert errors={errors?.form ?? []} />
            </div>
            <SelectField
              name="currency"
              label="ارز"
              options={options}
              defaultValue={values?.currency || currency}
              errors={errors?.fields.currency}
            />
            <Field
              {...field('rate_toman')}
              label="نرخ خرید (تومان)"
              inputMode="numeric"
              dir="ltr"
              autoComplete="off"
            />
            <Field {...field('note')} label="یادداشت (اختیاری)" />
            {needsConfirmation ? (
              <label className="flex items-center gap-2 text-sm font-semibold text-amber-900 sm:col-span-3">
                <input
                  type="checkbox"
                  name="confirm"
                  value="true"
                  data-testid="rate-confirm"
                  className="size-4 accent-amber-700"
                />
                {CONFIRM_LABEL}
              </label>
            ) : null}
            <div className="sm:col-span-3">
              <SubmitButton intent="set-rate">ثبت نرخ</SubmitButton>
            </div>
          </Form>
        </Panel>
      ) : (
        <p className="text-sm text-slate-600">ثبت نرخ جدید فقط از دست مدیران سامانه برمی‌آید.</p>
      )}
      <Panel title={`تاریخچه نرخ ${CURRENCY_LABELS[currency] ?? currency}`}>
        <ViewPills
          label="انتخاب ارز"
          className="mb-4"
          views={currencies.map((c) => ({
            to: `/staff/rates?currency=${c}`,
            label: c,
            current: c === currency,
          }))}
        />
        {history === null ? (
          <ErrorNotice>تاریخچه نرخ در حال حاضر در دسترس نیست.</ErrorNotice>
        ) : history.length === 0 ? (
          <EmptyState>برای این ارز هنوز نرخی ثبت نشده است.</EmptyState>
        ) : (
          <div className="flex flex-col gap-4">
            <RateChart
              values={[...history].reverse().map((h) => h.buy_rate_irr)}
              label={`نمودار ${formatNumberFa(history.length)} نرخ آخر ${currency}`}
            />
            <ol
              className="flex flex-col divide-y divide-slate-100 text-sm"
              data-testid="rate-history"
            >
              {history.slice(0, 20).map((entry) => (
                <li key={entry.id} className="flex flex-wrap justify-between gap-2 py-2">
                  <span className="font-semibold">{formatToman(entry.buy_rate_irr)}</span>
                  {entry.change_percent !== null ? (
                    <span className="text-slate-600">
                      {formatPercentChange(entry.buy_rate_irr, entry.previous_buy_rate_irr)}
                      {entry.change_percent.toLocaleString('fa-IR', {
                        maximumFractionDigits: 2,
                      })}
                      ٪{entry.change_confirmed ? ' (تغییر بزرگ، تاییدشده)' : ''}
                    </span>
                  ) : null}
                  {entry.set_by ? (
                    <span className="text-slate-600">
                      <bdi>{entry.set_by.username}</bdi>
                    </span>
                  ) : null}
                  <span className="text-slate-600">{entry.note ?? ''}</span>
                  <span className="text-slate-500">{formatJalaliDateTime(entry.created_at)}</span>
                </li>
              ))}
            </ol>
          </div>
        )}
      </Panel>
    </>
  )
}

/** The sign of a change for the history: + for a rise, − for a drop. */
function formatPercentChange(next: number, previous: number | null) {
  if (previous === null || previous === next) return ''
  return next > previous ? '+' : '−'
}

export const meta: MetaFunction = () => privatePageMeta('نرخ ارز | پنل پشتیبانی ارزپل')

export { StaffErrorBoundary as ErrorBoundary } from '~/features/staff/ui.tsx'
