import type { StaffPaymentType } from '@arzpol/contracts'
import { Form } from '@remix-run/react'
import { Field, FormAlert, SubmitButton } from '~/components/forms.tsx'
import type { FormErrors } from '~/utils/form-errors.ts'

/** An admin's form for one payment type's fee and limits (fee in percent, fixed fee in toman). */

/** Basis points as a Persian percentage: 150 → "۱٫۵٪". */
export function percent(bps: number): string {
  return `${new Intl.NumberFormat('fa-IR', { maximumFractionDigits: 2 }).format(bps / 100)}٪`
}

/** The form's starting value of a percentage, in Latin digits: 150 → "1.5". */
function percentInput(bps: number): string {
  return String(bps / 100)
}

/** The fee and the limits: numbers typed left to right, each starting at its current value. */
const NUMBER_FIELDS: Array<{
  name: string
  label: string
  inputMode: 'decimal' | 'numeric'
  value: (type: StaffPaymentType) => string
}> = [
  {
    name: 'fee_percent',
    label: 'کارمزد درصدی (٪)',
    inputMode: 'decimal',
    value: (type) => percentInput(type.fee_bps),
  },
  {
    name: 'fee_fixed_toman',
    label: 'کارمزد ثابت (تومان)',
    inputMode: 'numeric',
    value: (type) => String(type.fee_fixed_irr / 10),
  },
  {
    name: 'min_amount',
    label: 'حداقل مبلغ (واحد ارز)',
    inputMode: 'numeric',
    value: (type) => String(type.min_amount),
  },
  {
    name: 'max_amount',
    label: 'حداکثر مبلغ (واحد ارز)',
    inputMode: 'numeric',
    value: (type) => String(type.max_amount),
  },
]

export function PaymentTypeForm({
  type,
  errors,
}: {
  type: StaffPaymentType
  errors: FormErrors | undefined
}) {
  return (
    <Form
      method="post"
      noValidate
      className="mt-4 grid gap-3 border-t border-slate-100 pt-4 sm:grid-cols-2 lg:grid-cols-4"
      data-testid={`edit-${type.value}`}
    >
      <div className="sm:col-span-2 lg:col-span-4">
        <FormAlert errors={errors?.form ?? []} />
      </div>
      <input type="hidden" name="code" value={type.value} />
      {NUMBER_FIELDS.map(({ name, label, inputMode, value }) => (
        <Field
          key={name}
          name={name}
          label={label}
          dir="ltr"
          inputMode={inputMode}
          defaultValue={value(type)}
          errors={errors?.fields[name]}
        />
      ))}
      <Field
        name="note"
        label="دلیل تغییر (اختیاری)"
        className="sm:col-span-2 lg:col-span-3"
        errors={errors?.fields.note}
      />
      <div className="flex items-end">
        <SubmitButton intent="save">ذخیره</SubmitButton>
      </div>
    </Form>
  )
}
