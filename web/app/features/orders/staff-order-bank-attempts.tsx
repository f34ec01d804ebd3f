import { formatJalaliDateTime, formatToman, type StaffGatewayAttempt } from '@arzpol/contracts'
import { attemptStatusLabel } from '@arzpol/contracts/orders/attempts'
import { Panel } from '~/features/staff/ui.tsx'

/** A staff order's payment attempts at the bank: amount, status, reference and card. */
export function StaffOrderBankAttempts({ attempts }: { attempts: readonly StaffGatewayAttempt[] }) {
  if (attempts.length === 0) return null
  return (
    <Panel title="تلاش‌های پرداخت بانکی">
      <ul className="flex flex-col gap-2 text-sm">
        {attempts.map((attempt) => (
          <li key={attempt.id} className="flex flex-wrap gap-x-4 gap-y-1">
            <span>{formatToman(attempt.amount_irr)}</span>
            <span data-testid="bank-attempt-status">{attemptStatusLabel(attempt.status)}</span>
            {attempt.ref_num ? (
              <span>
                مرجع: <bdi dir="ltr">{attempt.ref_num}</bdi>
              </span>
            ) : null}
            {attempt.masked_pan ? <bdi dir="ltr">{attempt.masked_pan}</bdi> : null}
            <span className="text-slate-500">{formatJalaliDateTime(attempt.created_at)}</span>
          </li>
        ))}
      </ul>
    </Panel>
  )
}
