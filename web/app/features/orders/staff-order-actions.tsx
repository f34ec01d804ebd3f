import type { StaffOrderAction } from '@arzpol/contracts'
import { FormAlert } from '~/components/forms.tsx'
import { ActionForm } from '~/features/orders/staff-order-action-form.tsx'
import { Panel } from '~/features/staff/ui.tsx'
import type { FormErrors } from '~/utils/form-errors.ts'

/**
 * The stage moves payments-service allows staff at the order's current stage, one form each;
 * `unplaced` are the errors of a form the page no longer shows, said above them.
 */
export function StaffOrderActions({
  actions,
  payout,
  unplaced,
  errorsFor,
}: {
  actions: readonly StaffOrderAction[]
  payout: boolean
  unplaced: string[]
  errorsFor: (intent: string) => FormErrors | undefined
}) {
  return (
    <Panel title="اقدامات">
      {unplaced.length > 0 ? <FormAlert errors={unplaced} /> : null}
      {actions.length === 0 ? (
        <p className="text-sm text-slate-500">در این مرحله اقدامی برای کارکنان باقی نمانده است.</p>
      ) : (
        <div className="flex flex-col gap-3">
          {actions.map((action) => (
            <ActionForm
              key={action.to}
              action={action}
              payout={payout}
              errors={errorsFor(`transition:${action.to}`)}
            />
          ))}
        </div>
      )}
    </Panel>
  )
}
