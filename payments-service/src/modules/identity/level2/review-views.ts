import type { Knex } from 'knex'
import { ApiError } from '../../../http/errors.ts'
import { CustomerIdentity } from '../../../models/customer-identity.model.ts'
import type { ReviewSummaryRow } from '../../../models/identity-review.model.ts'
import { REVIEW_MESSAGES, type ReviewStatus } from '@arzpol/contracts/identity/review'
import { userRefOf } from '../../users/user-ref.ts'

export const notFound = () => new ApiError(404, REVIEW_MESSAGES.notFound, 'not_found')

export const reviewSummaryBody = (row: ReviewSummaryRow) => ({
  id: row.id,
  status: row.status as ReviewStatus,
  customer: { id: row.user_id, phone: row.phone, username: row.username },
  // Every listed request was submitted (the queue leaves out those still collecting).
  submitted_at: row.submitted_at ?? row.created_at,
  decided_at: row.decided_at,
  decided_by: userRefOf(row.decided_by_user_id, row.decided_by_username),
  reason: row.reason,
})

/** Level-1 data with the national code in full: staff compare it with the card in the photo. */
export async function staffIdentityOf(runner: Knex | Knex.Transaction, userId: number) {
  const row = await CustomerIdentity.of(runner, userId)
  return row
    ? {
        first_name: row.first_name,
        last_name: row.last_name,
        national_code: row.national_code,
        birth_date: row.birth_date_jalali,
        verified_at: row.level1_at,
      }
    : null
}
