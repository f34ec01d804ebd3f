import { Link, useActionData } from '@remix-run/react'
import { IdentityPageLink } from '~/features/identity/identity-components.tsx'
import { useState } from 'react'
import {
  boundFields,
  CheckedForm,
  ErrorList,
  Field,
  SelectField,
  SubmitButton,
  TextAreaField,
} from '~/components/forms.tsx'
import {
  CURRENCY_LABELS,
  newRequestSchema,
  ORDER_CURRENCIES,
  SUBSCRIPTION_SERVICES,
  type DeepLink,
  type PaymentTypeOption,
} from './orders.ts'
import { useValidatedForm } from '~/utils/use-validated-form.ts'
import { QuotePanel, quoteTokenFor, useLiveQuote, type Quote } from './new-request-quote.tsx'

/**
 * The new-request form (spec §5): service type buttons, site address, credentials for the four
 * types that need them, amount, currency, the live toman quote, description, submit and cancel.
 * The browser checks it with the action's schema before sending.
 */

const CURRENCY_OPTIONS = ORDER_CURRENCIES.map((code) => ({
  value: code,
  label: `${CURRENCY_LABELS[code]} (${code})`,
}))

export function NewRequestForm({
  types,
  preset,
  serverErrors,
  values,
  orderId,
  newQuote,
  idempotencyKey,
}: {
  types: readonly PaymentTypeOption[]
  preset: DeepLink
  serverErrors: Parameters<typeof useValidatedForm>[1]
  values: Record<string, string>
  orderId: number | undefined
  /** 409 quote_changed: the quote create answered (shown until the live quote arrives). */
  newQuote: Quote | undefined
  idempotencyKey: string
}) {
  const check = useValidatedForm(
    (intent) => (intent === 'submit' ? newRequestSchema : null),
    serverErrors,
  )
  const { errors } = check
  const field = boundFields(errors, values)
  const [paymentType, setPaymentType] = useState(values.payment_type ?? preset.paymentType)
  const [amount, setAmount] = useState(values.amount ?? '')
  const [currency, setCurrency] = useState(values.currency ?? 'USD')
  const live = useLiveQuote({ amount, currency, paymentType })
  const form = { amount, currency, paymentType }
  const quote = live.quote ?? (quoteTokenFor(newQuote, form) ? (newQuote ?? null) : null)
  const loading = live.loading && !quote
  // The price on screen goes with the order (issue 15): without a matching quote (no script,
  // or still loading) nothing is sent and the order is priced at the current rate.
  const quoteToken = quoteTokenFor(quote, form)
  const selected = types.find((t) => t.value === paymentType)
  const needsCredentials = selected?.needs_credentials ?? false
  // A refusal for the customer's identity (above the limit, no verified card) links its page.
  const identityLink = (useActionData() as { identityLink?: boolean } | undefined)?.identityLink

  const flow = values.flow ?? preset.flow
  const service = values.service ?? preset.service ?? ''

  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-6 sm:p-8">
      <h1 className="text-2xl font-extrabold text-slate-900">درخواست جدید</h1>
      <p className="mt-2 text-sm leading-7 text-slate-600">
        مبلغ با نرخ لحظه ثبت سفارش محاسبه و تا ۱۵ دقیقه برای شما قفل می‌شود.
      </p>
      <CheckedForm check={check} className="mt-6 flex flex-col gap-5">
        {identityLink ? <IdentityPageLink /> : null}
        {orderId ? (
          <p className="text-sm text-slate-600">
            سفارش شماره <bdi>{orderId}</bdi> ثبت شده است؛ می‌توانید از{' '}
            <Link className="text-teal-700 underline" to={`/dashboard/orders/${orderId}`}>
              صفحه سفارش
            </Link>{' '}
            دوباره پرداخت کنید.
          </p>
        ) : null}
        <input type="hidden" name="flow" value={flow} />
        <input type="hidden" name="idempotency_key" value={idempotencyKey} />
        <input type="hidden" name="quote_token" value={quoteToken} />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium text-slate-800">نوع خدمت</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {types.map((type) => (
              <ServiceTypeOption
                key={type.value}
                type={type}
                checked={paymentType === type.value}
                onSelect={setPaymentType}
              />
            ))}
          </div>
          <ErrorList errors={errors.fields.payment_type} />
        </fieldset>

        {paymentType === 'subscriptions' ? (
          <SelectField
            name="service"
            label="سرویس"
            options={SUBSCRIPTION_SERVICES}
            placeholder="انتخاب کنید"
            defaultValue={service}
            errors={errors.fields.service}
          />
        ) : null}

        <Field
          {...field('site_url')}
          label="آدرس سایت"
          dir="ltr"
          inputMode="url"
          autoComplete="url"
          placeholder="https://example.com"
        />

        {needsCredentials ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              {...field('site_username')}
              label="نام کاربری سایت"
              dir="ltr"
              autoComplete="off"
            />
            <Field
              name="site_password"
              label="رمز عبور سایت"
              type="password"
              dir="ltr"
              autoComplete="new-password"
              errors={errors.fields.site_password}
              hint="رمز به‌صورت رمزنگاری‌شده نگهداری می‌شود و به کسی نمایش داده نمی‌شود."
            />
          </div>
        ) : null}

        {paymentType === 'payout' ? (
          <Field
            {...field('sheba')}
            label="شماره شبا برای واریز ریالی"
            dir="ltr"
            placeholder="IR000000000000000000000000"
            hint="اگر اکنون در دسترس نیست، بعداً در صفحه سفارش وارد کنید."
          />
        ) : null}

        <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
          <Field
            name="amount"
            label="مبلغ ارزی"
            type="text"
            inputMode="decimal"
            dir="ltr"
            autoComplete="off"
            value={amount}
            onChange={(event) => setAmount(event.currentTarget.value)}
            errors={errors.fields.amount}
          />
          <SelectField
            name="currency"
            label="ارز"
            options={CURRENCY_OPTIONS}
            value={currency}
            onChange={(event) => setCurrency(event.currentTarget.value)}
            errors={errors.fields.currency}
          />
        </div>

        <QuotePanel quote={quote} loading={loading} />

        <TextAreaField {...field('description')} label="توضیحات" rows={3} />

        <div className="flex flex-wrap gap-3">
          <SubmitButton intent="submit">ثبت و پرداخت</SubmitButton>
          <Link
            to="/dashboard"
            className="inline-flex items-center rounded-xl px-5 py-3 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
          >
            انصراف
          </Link>
        </div>
      </CheckedForm>
    </section>
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
