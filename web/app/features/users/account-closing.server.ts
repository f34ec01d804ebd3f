import { ACCOUNT_CLOSING_MESSAGES, UserDetailOut } from '@arzpol/contracts/users/staff'
import { wire } from '@arzpol/contracts/wire'
import { data } from '@remix-run/node'
import { z } from 'zod'
import { call } from '~/features/api/payments-client.server.ts'
import { parseFormData, requiredText } from '~/features/staff/staff-forms.server.ts'
import {
  redirectWithFlash,
  requireStaff,
  staffFailure,
  type Role,
} from '~/features/staff/staff.server.ts'
import type { FormErrors } from '~/utils/form-errors.ts'
import { CLOSE_INTENT } from './account-closing.tsx'

/**
 * Closing a customer's account (ADR 025): the form as the server checks it, the call to
 * payments-service (admins only; it refuses while anything is open for the customer) and the
 * staff customer page's action for the `close` intent.
 */

export const CLOSING_FORM_MESSAGES = {
  confirm: 'برای بستن حساب، تأیید را علامت بزنید',
  failed: 'بستن حساب انجام نشد',
  done: 'حساب مشتری بسته شد؛ دیگر نمی‌تواند وارد شود.',
} as const

export const closeSchema = z.object({
  reason: requiredText(ACCOUNT_CLOSING_MESSAGES.reasonRequired, 500),
  confirm: z.literal('yes', { error: CLOSING_FORM_MESSAGES.confirm }),
})

/** Who sees the form: admins, on an open customer account. */
export const mayCloseAccount = (
  viewer: Role,
  account: { role: Role; closed_at: string | null },
): boolean => viewer === 'admin' && account.role === 'customer' && account.closed_at === null

const userDetail = wire(UserDetailOut)

export const closeAccount = (request: Request, token: string, id: number, reason: string) =>
  call(request, `/api/staff/users/${id}/close/`, {
    method: 'POST',
    token,
    body: { reason },
    schema: userDetail,
  })

/** The page's action for the `close` intent: back to the page with a notice, or the refusal. */
export async function closeAccountAction(request: Request, id: number, form: FormData) {
  const { tokens, headers } = await requireStaff(request, 'admin')
  const fail = (errors: FormErrors, status = 400) =>
    data({ intent: CLOSE_INTENT, errors }, { status, headers })
  const parsed = parseFormData(closeSchema, form)
  if (!parsed.ok) return fail(parsed.errors)
  const result = await closeAccount(request, tokens.access, id, parsed.value.reason)
  if (!result.ok) {
    // 409 is the usual refusal (something still open, closed meanwhile): said as such.
    return fail(
      staffFailure(result, CLOSING_FORM_MESSAGES.failed, { reason: 'reason' }),
      result.status >= 500 ? 503 : result.status === 409 ? 409 : 400,
    )
  }
  return redirectWithFlash(`/staff/users/${id}`, CLOSING_FORM_MESSAGES.done, headers)
}
