import { formatJalaliDate } from '@arzpol/contracts'
import { toPersianDigits } from '@arzpol/contracts/digits'
import { Form } from '@remix-run/react'
import { Field, FormAlert, SubmitButton } from '~/components/forms.tsx'
import { buttonClass } from '~/components/ui/button.tsx'
import type { FormErrors } from '~/utils/form-errors.ts'
import { BankLogo } from './bank-logo.tsx'
import type { Card } from './identity-schemas.ts'

/**
 * The customer's bank cards: each with its bank (its logo, and the name as a text badge from
 * the BIN, as payments-service names it) and a remove button that asks once more, and the form that registers
 * another. Plain posts: they work without JavaScript. The route loads the logos' stylesheet
 * (`bankLogoLinks`).
 */
export function CardsSection({
  cards,
  canAdd,
  addErrors,
  removeErrors,
  values,
}: {
  /** null: the list could not be read. */
  cards: Card[] | null
  canAdd: boolean
  addErrors: FormErrors | undefined
  removeErrors: string[]
  values: Record<string, string> | undefined
}) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm leading-7 text-slate-600">
        از سطح ۱ به بعد فقط با کارت‌هایی می‌توانید پرداخت کنید که به نام خودتان است و اینجا ثبت
        کرده‌اید. شماره کامل کارت نگه داشته نمی‌شود.
      </p>
      <FormAlert errors={removeErrors} />
      {cards === null ? (
        <p className="text-sm text-amber-800">فهرست کارت‌ها اکنون در دسترس نیست.</p>
      ) : cards.length === 0 ? (
        <p className="text-sm text-slate-500" data-testid="no-cards">
          هنوز کارتی ثبت نکرده‌اید.
        </p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="identity-cards">
          {cards.map((card) => (
            <CardItem key={card.id} card={card} />
          ))}
        </ul>
      )}
      {canAdd ? (
        <Form method="post" noValidate className="flex flex-col gap-3" data-testid="add-card-form">
          <FormAlert errors={addErrors?.form ?? []} />
          <Field
            name="card_number"
            label="شماره کارت بانکی"
            inputMode="numeric"
            dir="ltr"
            autoComplete="cc-number"
            maxLength={40}
            placeholder="6037 9900 0000 0000"
            defaultValue={values?.card_number ?? ''}
            errors={addErrors?.fields.card_number}
            hint="۱۶ رقم روی کارت؛ کارت باید به نام خود شما باشد."
          />
          <div>
            <SubmitButton intent="add-card">ثبت کارت</SubmitButton>
          </div>
        </Form>
      ) : null}
    </div>
  )
}

/** A registered card: its bank, its masked number, when it was added, and its remove button. */
function CardItem({ card }: { card: Card }) {
  return (
    <li
      data-testid="identity-card"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 px-4 py-3"
    >
      <div className="flex flex-wrap items-center gap-3">
        <BankLogo bankName={card.bank_name} />
        <span className="rounded-lg bg-teal-50 px-2.5 py-1 text-sm font-bold text-teal-900 ring-1 ring-teal-200">
          {card.bank_name}
        </span>
        <bdi dir="ltr" className="font-mono text-base tracking-wider text-slate-900">
          {toPersianDigits(card.masked_number)}
        </bdi>
        <span className="text-xs text-slate-500">ثبت {formatJalaliDate(card.created_at)}</span>
      </div>
      {/* Asked once more before it goes, in plain HTML (works without JavaScript): the
          first tap only opens the question, the second removes the card. */}
      <details className="group" data-testid="remove-card">
        <summary
          className={`${buttonClass('secondary', 'sm')} cursor-pointer list-none group-open:hidden`}
        >
          حذف<span className="sr-only"> کارت {toPersianDigits(card.masked_number)}</span>
        </summary>
        <Form method="post" className="flex flex-wrap items-center gap-2">
          <p className="text-sm text-slate-700">
            این کارت حذف شود؟ برای پرداخت با آن باید دوباره ثبتش کنید.
          </p>
          <input type="hidden" name="card_id" value={card.id} />
          <SubmitButton intent="remove-card" variant="secondary" className="!px-3 !py-1.5 text-sm">
            بله، حذف شود
            <span className="sr-only"> کارت {toPersianDigits(card.masked_number)}</span>
          </SubmitButton>
        </Form>
      </details>
    </li>
  )
}
