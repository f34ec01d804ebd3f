import { CARD_MESSAGES } from '@arzpol/contracts/identity/card-numbers'
import { Form } from '@remix-run/react'
import { useId, type ReactNode } from 'react'
import { Field, FormAlert, SubmitButton } from '~/components/forms.tsx'
import { PAYOUT_MISSING_LABELS, SHEBA_OWNER_CHECK_TEXT } from '~/features/orders/orders.ts'

/**
 * ADR 017: a cash-out that is not yet with staff says, in Persian, exactly what it still needs
 * (payments-service's `missing`), and takes the Sheba right here (a plain form: works without
 * JavaScript). Documents go through the documents section below.
 */
export function PayoutMissingSection({
  stage,
  missing,
  children,
}: {
  stage: string
  missing: readonly string[]
  /** The Sheba form, when the Sheba is missing. */
  children?: ReactNode
}) {
  const id = useId()
  if (missing.length === 0) return null
  const waiting = stage === 'awaiting_payout_details'
  return (
    <section
      data-testid="payout-missing"
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-amber-200 bg-amber-50 p-6 text-amber-950 sm:p-8"
    >
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {waiting ? 'سفارش شما منتظر این موارد است' : 'برای بررسی این سفارش این موارد لازم است'}
      </h2>
      <p className="mt-2 leading-8">
        {waiting
          ? 'درخواست نقد کردن درآمد ثبت شده است، اما تا این موارد را نفرستید به کارشناسان ما سپرده نمی‌شود. با رسیدن آخرین مورد، سفارش خودبه‌خود برای بررسی و تسویه ارسال می‌شود و منقضی نمی‌شود.'
          : 'پیش از شروع بررسی، این موارد را بفرستید.'}
      </p>
      <ul className="mt-3 list-disc ps-6 leading-8" data-testid="payout-missing-items">
        {missing.map((item) =>
          item === 'identity_level' ? (
            // A cash-out needs identity level 1 (ADR 024), taken on the identity page.
            <li key={item}>
              {CARD_MESSAGES.payoutLevelRequired}{' '}
              <a href="/dashboard/identity" className="font-bold underline">
                رفتن به احراز هویت
              </a>
            </li>
          ) : item === 'sheba_owner_check' ? (
            // ADR 028: the Sheba is stored, but not yet confirmed as the customer's own.
            <li key={item}>
              {SHEBA_OWNER_CHECK_TEXT.held}{' '}
              {missing.includes('identity_level')
                ? SHEBA_OWNER_CHECK_TEXT.atLevel0
                : SHEBA_OWNER_CHECK_TEXT.atLevel1}
            </li>
          ) : (
            <li key={item}>{PAYOUT_MISSING_LABELS[item] ?? item}</li>
          ),
        )}
      </ul>
      {children}
    </section>
  )
}

/**
 * Whether the order page offers the Sheba form: the Sheba is missing, or it is there but not
 * yet confirmed as the customer's own at level 1 (giving it again asks at once). Before level 1
 * giving it again would not help: the check waits for the level.
 */
export const showsShebaForm = (missing: readonly string[]): boolean =>
  missing.includes('sheba') ||
  (missing.includes('sheba_owner_check') && !missing.includes('identity_level'))

/** What each Sheba form of the order page is for: its intent and its words. */
const SHEBA_FORMS = {
  payout: { intent: 'sheba', label: 'شماره شبا برای واریز ریالی', testId: 'sheba-form' },
  refund: {
    intent: 'refund-account',
    label: 'شماره شبا برای بازگشت پول',
    testId: 'refund-account-form',
  },
} as const

/**
 * A Sheba given on the order page: a cash-out's (`intent=sheba`), or the account money of the
 * order goes back to by transfer (`intent=refund-account`, ADR 038).
 */
export function ShebaForm({
  shebaErrors,
  formErrors,
  purpose = 'payout',
}: {
  shebaErrors: string[]
  formErrors: string[]
  purpose?: keyof typeof SHEBA_FORMS
}) {
  const form = SHEBA_FORMS[purpose]
  return (
    <Form method="post" className="mt-5 flex flex-col gap-3" data-testid={form.testId}>
      <FormAlert errors={formErrors} />
      <Field
        name="sheba"
        label={form.label}
        dir="ltr"
        autoComplete="off"
        placeholder="IR000000000000000000000000"
        required
        errors={shebaErrors}
        hint="IR و ۲۴ رقم؛ حساب باید به نام خود شما باشد."
      />
      <div>
        <SubmitButton intent={form.intent}>ثبت شماره شبا</SubmitButton>
      </div>
    </Form>
  )
}
