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
      <Field
        name="fee_percent"
        label="کارمزد درصدی (٪)"
        dir="ltr"
        inputMode="decimal"
        defaultValue={percentInput(type.fee_bps)}
        errors={errors?.fields.fee_percent}
      />
      <Field
        name="fee_fixed_toman"
        label="کارمزد ثابت (تومان)"
        dir="ltr"
        inputMode="numeric"
        defaultValue={String(type.fee_fixed_irr / 10)}
        errors={errors?.fields.fee_fixed_toman}
      />
      <Field
        name="min_amount"
        label="حداقل مبلغ (واحد ارز)"
        dir="ltr"
        inputMode="numeric"
        defaultValue={String(type.min_amount)}
        errors={errors?.fields.min_amount}
      />
      <Field
        name="max_amount"
        label="حداکثر مبلغ (واحد ارز)"
        dir="ltr"
        inputMode="numeric"
        defaultValue={String(type.max_amount)}
        errors={errors?.fields.max_amount}
      />
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
