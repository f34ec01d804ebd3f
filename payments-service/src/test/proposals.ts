import { expect } from 'vitest'
import type { Role } from '../models/user.model.ts'
import type { TestClient } from './http.ts'

/** Test support for four eyes (ADR 039): a colleague approves what an action proposed. */

interface WithStaff {
  api: TestClient
  customer(role?: Role): Promise<{ token: string }>
}

/**
 * `proposed` must be an action's 202; a new staff member of `role` approves its proposal, after
 * `beforehand` (what the approver must have done first, such as opening the photos). The
 * approval's answer.
 */
export async function approveAsColleague(
  t: WithStaff,
  proposed: { status: number; text: string; body: unknown },
  role: Role = 'admin',
  beforehand: (colleague: { token: string }) => Promise<void> = async () => {},
) {
  expect(proposed.status, proposed.text).toBe(202)
  const { id } = (proposed.body as { proposal: { id: number } }).proposal
  const colleague = await t.customer(role)
  await beforehand(colleague)
  const approved = await t.api.post<{ status: string }>(
    `/api/staff/proposals/${id}/approve/`,
    { reason: 'بررسی و تأیید شد' },
    { token: colleague.token },
  )
  expect(approved.status, approved.text).toBe(200)
  return approved
}
