import { Link } from '@remix-run/react'
import type { boundFields } from '~/components/forms.tsx'
import { ErrorList, Field, SelectField, SubmitButton } from '~/components/forms.tsx'
import type { FormErrors } from '~/utils/form-errors.ts'
import { CURRENCY_LABELS, ORDER_CURRENCIES, type PaymentTypeOption } from './orders.ts'
import { QuotePanel, type Quote } from './new-request-quote.tsx'

/**
 * Sections of the new-request form: the service type, the site credentials, the amount and
 * currency, the price (or why there is none), the paying card, and the buttons.
 */

const CURRENCY_OPTIONS = ORDER_CURRENCIES.map((code) => ({
  value: code,
  label: `${CURRENCY_LABELS[code]} (${code})`,
}))

/** The note that an earlier send already created the order, with a link to pay on its page. */
export function CreatedOrderNote({ orderId }: { orderId: number }) {
  return (
    <p className="text-sm text-slate-600">
      سفارش شماره <bdi>{orderId}</bdi> ثبت شده است؛ می‌توانید از{' '}
      <Link className="text-teal-700 underline" to={`/dashboard/orders/${orderId}`}>
        صفحه سفارش
      </Link>{' '}
      دوباره پرداخت کنید.
    </p>
  )
}

/** The service types as cards holding radio buttons; the chosen one drives the rest. */
export function ServiceTypeChoice({
  types,
  paymentType,
  onSelect,
  errors,
}: {
  types: readonly PaymentTypeOption[]
  paymentType: string
  onSelect: (value: string) => void
  errors: string[] | undefined
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium text-slate-800">نوع خدمت</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {types.map((type) => (
          <ServiceTypeOption
            key={type.value}
            type={type}
            checked={paymentType === type.value}
            onSelect={onSelect}
          />
        ))}
      </div>
      <ErrorList errors={errors} />
    </fieldset>
  )
}

/** One service type to choose, as a card holding its radio button, name and description. */
function ServiceTypeOption({
  type,
  checked,
  onSelect,
}: {
  type: PaymentTypeOption
  checked: boolean
  onSelect: (value: string) => void
}) {
  return (
    <label className="flex cursor-pointer flex-col gap-1 rounded-xl border border-slate-300 px-3 py-2.5 text-sm has-checked:border-teal-700 has-checked:bg-teal-50 has-checked:ring-2 has-checked:ring-teal-700/30">
      <span className="flex items-center gap-2">
        <input
          type="radio"
          name="payment_type"
          value={type.value}
          checked={checked}
          onChange={() => onSelect(type.value)}
          className="accent-teal-700"
        />
        <span className="font-semibold text-slate-900">{type.label}</span>
      </span>
      {type.description ? (
        <span className="text-xs leading-5 text-slate-500">{type.description}</span>
      ) : null}
    </label>
  )
}

/**
 * The site's username and password, for the types that need them. `sentBack`: the server
 * returned the form, which never carries the password back.
 */
export function SiteCredentialFields({
  field,
  errors,
  sentBack,
}: {
  field: ReturnType<typeof boundFields>
  errors: FormErrors
  sentBack: boolean
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field {...field('site_username')} label="نام کاربری سایت" dir="ltr" autoComplete="off" />
      <Field
        name="site_password"
        label="رمز عبور سایت"
        type="password"
        dir="ltr"
        autoComplete="new-password"
        errors={errors.fields.site_password}
        hint={
          sentBack
            ? 'برای امنیت، رمز پس از بازگشت فرم در صفحه نمی‌ماند؛ آن را دوباره وارد کنید.'
            : 'رمز به‌صورت رمزنگاری‌شده نگهداری می‌شود و به کسی نمایش داده نمی‌شود.'
        }
      />
    </div>
  )
}

/** The amount and its currency, held by the form so the live quote follows them. */
export function AmountFields({
  amount,
  currency,
  onAmount,
  onCurrency,
  errors,
}: {
  amount: string
  currency: string
  onAmount: (value: string) => void
  onCurrency: (value: string) => void
  errors: FormErrors
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
      <Field
        name="amount"
        label="مبلغ ارزی"
        type="text"
        inputMode="decimal"
        dir="ltr"
        autoComplete="off"
        value={amount}
        onChange={(event) => onAmount(event.currentTarget.value)}
        errors={errors.fields.amount}
      />
      <SelectField
        name="currency"
        label="ارز"
        options={CURRENCY_OPTIONS}
        value={currency}
        onChange={(event) => onCurrency(event.currentTarget.value)}
        errors={errors.fields.currency}
      />
    </div>
  )
}

/** The live price, or, for an amount the server refused, only that there is none. */
export function PriceOrRefusal({
  refused,
  quote,
  loading,
}: {
  refused: boolean
  quote: Quote | null
  loading: boolean
}) {
  if (!refused) return <QuotePanel quote={quote} loading={loading} />
  return (
    <p
      data-testid="quote-refused"
      className="rounded-xl border border-dashed border-red-300 px-4 py-3 text-sm text-red-800"
    >
      برای این مبلغ سفارشی ثبت نمی‌شود؛ دلیل را کنار دکمهٔ ثبت ببینید و مبلغ را تغییر دهید.
    </p>
  )
}

/**
 * Which of the customer's cards pays: the bank accepts only the one the payment is started
 * with, so the customer picks it here instead of finding out at the bank.
 */
export function CardChoice({
  cards,
  chosen,
}: {
  cards: ReadonlyArray<{ id: number; label: string }>
  chosen: string | undefined
}) {
  const initial = cards.some((card) => String(card.id) === chosen) ? chosen : String(cards[0]?.id)
  return (
    <fieldset className="flex flex-col gap-2" data-testid="card-choice">
      <legend className="mb-1 text-sm font-medium text-slate-800">پرداخت با کدام کارت؟</legend>
      {cards.map((card) => (
        <label key={card.id} className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="radio"
            name="card_id"
            value={card.id}
            defaultChecked={String(card.id) === initial}
            className="size-4 accent-teal-700"
          />
          <bdi>{card.label}</bdi>
        </label>
      ))}
      <p className="text-xs text-slate-500">بانک فقط پرداخت با همین کارت را می‌پذیرد.</p>
    </fieldset>
  )
}

/** Send the order (to the bank), or leave for the dashboard. */
export function SubmitOrCancel() {
  return (
    <div className="flex flex-wrap gap-3">
      <SubmitButton intent="submit">ثبت و پرداخت</SubmitButton>
      <Link
        to="/dashboard"
        className="inline-flex items-center rounded-xl px-5 py-3 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
      >
        انصراف
      </Link>
    </div>
  )
}
