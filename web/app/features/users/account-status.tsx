import { formatJalaliDateTime } from '@arzpol/contracts'
import { Badge } from '~/features/staff/ui.tsx'

interface AccountState {
  blocked: boolean
  blocked_at: Date | string | null
  closed_at: Date | string | null
  created_at: Date | string
}

/**
 * An account's state for staff: closed (for good, ADR 025), blocked (staff may unblock) or
 * active. A closed account is blocked too, so "closed" is checked first: showing it as merely
 * blocked invites an unblock that the service refuses.
 */
export function AccountStatusBadge({ account, since }: { account: AccountState; since?: boolean }) {
  if (account.closed_at !== null) {
    return <Badge>{since ? `بسته از ${formatJalaliDateTime(account.closed_at)}` : 'بسته'}</Badge>
  }
  if (account.blocked) {
    const at = account.blocked_at ?? account.created_at
    return <Badge tone="red">{since ? `مسدود از ${formatJalaliDateTime(at)}` : 'مسدود'}</Badge>
  }
  return since ? <Badge tone="emerald">فعال</Badge> : null
}
