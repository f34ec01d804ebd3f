import type { StaffOrderAction } from '@arzpol/contracts'
import { Form } from '@remix-run/react'
import type { MouseEvent } from 'react'
import { Field, FormAlert, SubmitButton, TextAreaField } from '~/components/forms.tsx'
import type { FormErrors } from '~/utils/form-errors.ts'
import { STAGE_LABELS } from '~/features/orders/orders.ts'
import { BankReferenceField } from './bank-reference-field.tsx'

/**
 * One stage move on a staff order's page (ADR 008): the note and bank reference it needs, and a
 * confirmation before a destructive move when JavaScript runs.
 */

export function confirmFirst(message: string) {
  return (event: MouseEvent<HTMLButtonElement>) => {
    // Without JavaScript the form is sent as is; with it, a destructive action asks first.
    if (!window.confirm(message)) event.preventDefault()
  }
}

function noteLabel(action: StaffOrderAction): string {
  if (action.to === 'rejected' || action.to === 'refunded')
    return 'دلیل رد (برای مشتری نمایش داده می‌شود)'
  if (action.to === 'cancelled') return 'دلیل لغو (برای مشتری نمایش داده می‌شود)'
  return action.note_required ? 'یادداشت برای مشتری' : 'یادداشت برای مشتری (اختیاری)'
}

function referenceLabel(action: StaffOrderAction, payout: boolean): string | null {
  if (action.reference_required) return payout ? 'شماره پیگیری واریز بانکی' : 'شماره پیگیری'
  if (action.to === 'done') return 'شماره رسید یا پیگیری (اختیاری، برای مشتری)'
  return null
}

export function ActionForm({
  action,
  payout,
  errors,
}: {
  action: StaffOrderAction
  payout: boolean
  errors: FormErrors | undefined
}) {
  const destructive =
    action.to === 'rejected' || action.to === 'refunded' || action.to === 'cancelled'
  const reference = referenceLabel(action, payout)
  const showNote = action.note_required || action.to === 'done' || action.to === 'in_progress'
  return (
    <Form
      method="post"
      noValidate
      data-testid={`action-${action.to}`}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4"
    >
      <h3 className="font-bold text-slate-900">{action.label}</h3>
      {action.result_stage !== action.to ? (
        <p className="text-xs text-slate-500">
          نتیجه: {STAGE_LABELS[action.result_stage] ?? action.result_stage}
        </p>
      ) : null}
      <FormAlert errors={errors?.form ?? []} />
      <input type="hidden" name="to" value={action.to} />
      {showNote ? (
        <TextAreaField
          name="note"
          label={noteLabel(action)}
          rows={2}
          required={action.note_required}
          errors={errors?.fields.note}
        />
      ) : null}
      {reference ? (
        <BankReferenceField
          label={reference}
          required={action.reference_required}
          errors={errors?.fields.reference}
        />
      ) : null}
      <Field
        name="internal_note"
        label="یادداشت داخلی (فقط برای کارکنان)"
        autoComplete="off"
        errors={errors?.fields.internal_note}
      />
      <div>
        <SubmitButton
          intent={`transition:${action.to}`}
          variant={destructive ? 'secondary' : 'primary'}
          onClick={
            destructive
              ? confirmFirst(`آیا از «${action.label}» برای این سفارش مطمئن هستید؟`)
              : undefined
          }
        >
          {action.label}
        </SubmitButton>
      </div>
    </Form>
  )
}
