import type { z } from 'zod'
import type { UserRef } from '@arzpol/contracts/staff'

/** A user named in a row (who set a rate, moved an order, decided a proposal), as the API shows it. */
export type UserRefOut = z.output<typeof UserRef>

/**
 * The user a row's `…_user_id` and joined `…_username` name; null when nobody did (a seeded row,
 * an automatic step). An account no longer there keeps its id with an empty name: the staff
 * audit's entries outlive the accounts they name.
 */
export function userRefOf(
  id: number | null | undefined,
  username: string | null | undefined,
): UserRefOut | null {
  if (id === null || id === undefined) return null
  return { id, username: username ?? '' }
}
