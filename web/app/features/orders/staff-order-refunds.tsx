import { formatToman, type StaffRefund } from '@arzpol/contracts'
import { Form } from '@remix-run/react'
import { FormAlert, SubmitButton } from '~/components/forms.tsx'
import { Badge, Panel } from '~/features/staff/ui.tsx'
import type { FormErrors } from '~/utils/form-errors.ts'
import { BankReferenceField } from './bank-reference-field.tsx'

/**
 * What the button of a pending refund's form sends: each refund its own, so the errors of one
 * answer show on the form that was sent, not on every pending refund's.
 */
export const settleRefundIntent = (refundId: number) => `settle-refund:${refundId}`

/**
 * A staff order's refunds: amount, method, where each stands and its reference; a pending
 * (manual) one has the form that records its bank reference once staff have paid it.
 */
export function StaffOrderRefunds({
  refunds,
  errorsFor,
}: {
  refunds: readonly StaffRefund[]
  /** The errors of the last answer, if it was to this intent. */
  errorsFor: (intent: string) => FormErrors | undefined
}) {
  if (refunds.length === 0) return null
  return (
    <Panel title="بازپرداخت‌ها">
      <ul className="flex flex-col gap-3 text-sm">
        {refunds.map((refund) => (
          <li key={refund.id} className="flex flex-col gap-2 rounded-xl bg-slate-50 p-3">
            <p className="flex flex-wrap gap-2">
              <span className="font-semibold">{formatToman(refund.amount_irr)}</span>
              <span>{refund.method === 'manual' ? 'بازپرداخت دستی' : 'برگشت از طریق بانک'}</span>
              <RefundStatusBadge status={refund.status} />
              {refund.reference ? <bdi dir="ltr">{refund.reference}</bdi> : null}
            </p>
            {refund.status === 'pending' ? (
              <SettleRefundForm
                refundId={refund.id}
                errors={errorsFor(settleRefundIntent(refund.id))}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </Panel>
  )
}

function RefundStatusBadge({ status }: { status: StaffRefund['status'] }) {
  if (status === 'pending') return <Badge tone="amber">منتظر پرداخت</Badge>
  if (status === 'requested') return <Badge tone="sky">درخواست برگشت به بانک</Badge>
  if (status === 'refused') return <Badge tone="red">بانک برگشت را نپذیرفت</Badge>
  return <Badge tone="emerald">انجام شد</Badge>
}

function SettleRefundForm({
  refundId,
  errors,
}: {
  refundId: number
  errors: FormErrors | undefined
}) {
  return (
    <Form method="post" noValidate className="flex flex-col gap-2">
      <FormAlert errors={errors?.form ?? []} />
      <input type="hidden" name="refund" value={refundId} />
      <BankReferenceField
        label="شماره پیگیری بازپرداخت"
        required
        errors={errors?.fields.reference}
      />
      <div>
        <SubmitButton intent={settleRefundIntent(refundId)} variant="secondary">
          ثبت پرداخت بازپرداخت
        </SubmitButton>
      </div>
    </Form>
  )
}
