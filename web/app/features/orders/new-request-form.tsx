import { useActionData } from '@remix-run/react'
import { IdentityPageLink } from '~/features/identity/identity-components.tsx'
import { useState } from 'react'
import {
  boundFields,
  CheckedForm,
  Field,
  FormAlert,
  SelectField,
  TextAreaField,
} from '~/components/forms.tsx'
import {
  newRequestSchema,
  SUBSCRIPTION_SERVICES,
  type DeepLink,
  type PaymentTypeOption,
} from './orders.ts'
import { useValidatedForm } from '~/utils/use-validated-form.ts'
import { quoteTokenFor, useLiveQuote, type Quote } from './new-request-quote.tsx'
import {
  AmountFields,
  CardChoice,
  CreatedOrderNote,
  PriceOrRefusal,
  ServiceTypeChoice,
  SiteCredentialFields,
  SubmitOrCancel,
} from './new-request-fields.tsx'

/**
 * The new-request form (docs/product/orders.md): service type buttons, site address, credentials
 * for the four types that need them, amount, currency, the live toman quote, description, submit
 * and cancel. The browser checks it with the action's schema before sending.
 */

export function NewRequestForm({
  types,
  payingCards = [],
  preset,
  serverErrors,
  values,
  orderId,
  newQuote,
  idempotencyKey,
}: {
  types: readonly PaymentTypeOption[]
  /** The customer's cards, one of which pays from identity level 1 (ADR 024). */
  payingCards?: ReadonlyArray<{ id: number; label: string }>
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
  // The price on screen goes with the order (ADR 013): without a matching quote (no script,
  // or still loading) nothing is sent and the order is priced at the current rate.
  const quoteToken = quoteTokenFor(quote, form)
  const selected = types.find((t) => t.value === paymentType)
  const needsCredentials = selected?.needs_credentials ?? false
  const refusal = useActionData() as { identityLink?: boolean; amountRefused?: boolean } | undefined
  // A refusal for the customer's identity (above the limit, no verified card) links its page.
  const identityLink = refusal?.identityLink

  // The server refused this very amount (under the minimum, over a limit): no price is shown
  // for it, only why, until the customer changes it.
  const refusedAmount =
    amount === (values.amount ?? '') &&
    Boolean(serverErrors?.fields.amount?.length || refusal?.amountRefused)

  const flow = values.flow ?? preset.flow
  const service = values.service ?? preset.service ?? ''

  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-6 sm:p-8">
      <h1 className="text-2xl font-extrabold text-slate-900">درخواست جدید</h1>
      <p className="mt-2 text-sm leading-7 text-slate-600">
        مبلغ با نرخ لحظه ثبت سفارش محاسبه و تا ۱۵ دقیقه برای شما قفل می‌شود.
      </p>
      <CheckedForm check={check} ownAlert className="mt-6 flex flex-col gap-5">
        {orderId ? <CreatedOrderNote orderId={orderId} /> : null}
        <input type="hidden" name="flow" value={flow} />
        <input type="hidden" name="idempotency_key" value={idempotencyKey} />
        <input type="hidden" name="quote_token" value={quoteToken} />
        <ServiceTypeChoice
          types={types}
          paymentType={paymentType}
          onSelect={setPaymentType}
          errors={errors.fields.payment_type}
        />

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
          <SiteCredentialFields field={field} errors={errors} sentBack={Boolean(serverErrors)} />
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

        <AmountFields
          amount={amount}
          currency={currency}
          onAmount={setAmount}
          onCurrency={setCurrency}
          errors={errors}
        />

        <PriceOrRefusal refused={refusedAmount} quote={quote} loading={loading} />

        <TextAreaField {...field('description')} label="توضیحات" rows={3} />

        {paymentType !== 'payout' && payingCards.length > 1 ? (
          <CardChoice cards={payingCards} chosen={values.card_id} />
        ) : null}

        {/* Refusals of the whole order show here, beside the button that was tapped. */}
        <FormAlert errors={errors.form} />
        {identityLink ? <IdentityPageLink /> : null}
        <SubmitOrCancel />
      </CheckedForm>
    </section>
  )
}
