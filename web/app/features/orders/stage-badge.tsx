import { STAGE_LABELS } from '~/features/orders/orders.ts'
import { Badge } from '~/features/staff/ui.tsx'

const STAGE_TONE: Record<string, 'slate' | 'amber' | 'sky' | 'emerald' | 'red' | 'violet'> = {
  awaiting_payment: 'amber',
  awaiting_payout_details: 'amber',
  paid: 'violet',
  in_progress: 'sky',
  done: 'emerald',
  payment_failed: 'red',
  expired: 'slate',
  rejected: 'red',
  cancelled: 'slate',
  refunded: 'slate',
}

/** An order's exact stage, as staff need it (customers see the four statuses). */
export function StageBadge({ stage }: { stage: string }) {
  return (
    <span data-testid="order-stage">
      <Badge tone={STAGE_TONE[stage] ?? 'slate'}>{STAGE_LABELS[stage] ?? stage}</Badge>
    </span>
  )
}
