import type { ApiErrorBody, AuthTokens, CurrentUser } from '@arzpol/contracts'
import { data, redirect } from '@remix-run/node'
import { decodeJwt } from 'jose'
import { authenticate, signInAgain } from '~/features/auth/auth.server.ts'
import { STAFF_LOGIN_PATH } from '~/features/auth/second-factor.ts'
import { errorsFromApi, type FormErrors } from '~/utils/form-errors.ts'
import { flashCookie } from '~/features/auth/session.server.ts'

/**
 * The guard of the back office (`/staff`). Only support staff and admins get in; a customer is
 * sent to their dashboard, a visitor to the back office's sign-in (`/staff/login`). Admin-only pages answer 403 to support.
 *
 * The role is read from the access token, which payments-service signed and has just accepted on
 * `/api/auth/me/` (and which only ever travels inside web's sealed cookie). This only decides what
 * web shows: payments-service checks the role from its database on every staff call, so a role
 * revoked a moment ago cannot do anything even while an old token still says "support".
 *
 * Staff powers need a session that passed the second factor (ADR 029), which the token says in
 * `second_factor`. A staff member whose session did not (one opened before sessions recorded it)
 * would only meet refusals in the back office: web ends that session and sends them to the login
 * form, where the password and the second factor open a session that may.
 *
 * Unlike the customer guard, an unreachable payments-service does not end the session: staff see
 * a Persian "service unavailable" page and keep working once it is back.
 */

export const ROLES = ['customer', 'support', 'admin'] as const
export type Role = (typeof ROLES)[number]
export type StaffRole = Exclude<Role, 'customer'>
export type StaffNeed = 'staff' | 'admin'

export const STAFF_MESSAGES = {
  unavailable: 'سرویس پرداخت در دسترس نیست؛ لطفاً چند لحظه بعد دوباره تلاش کنید.',
  adminOnly: 'این بخش فقط برای مدیران سامانه است.',
  secondFactorNeeded:
    'برای ورود به بخش کارکنان، دوباره با رمز عبور و کد تأیید دومرحله‌ای وارد شوید.',
} as const

/** The role claim of an access token, or null when it has none we know. */
export function roleOf(access: string): Role | null {
  try {
    const { role } = decodeJwt(access)
    return (ROLES as readonly unknown[]).includes(role) ? (role as Role) : null
  } catch {
    return null
  }
}

/** Whether the access token's session passed the staff second factor (its `second_factor`). */
export function passedSecondFactor(access: string): boolean {
  try {
    return decodeJwt(access).second_factor === true
  } catch {
    return false
  }
}

export type StaffVerdict = 'allow' | 'not-staff' | 'not-admin' | 'second-factor-needed'

/** Who may open what: the whole decision, apart from where each refusal leads. */
export function staffVerdict(
  role: Role | null,
  need: StaffNeed,
  secondFactor: boolean,
): StaffVerdict {
  if (role !== 'support' && role !== 'admin') return 'not-staff'
  if (!secondFactor) return 'second-factor-needed'
  if (need === 'admin' && role !== 'admin') return 'not-admin'
  return 'allow'
}

export interface StaffRequest {
  user: CurrentUser
  role: StaffRole
  tokens: AuthTokens
  /** Set-Cookie for a refreshed session; pass them on with the response. */
  headers: Headers
}

/** A thrown 503 with the Persian message, for the staff error boundary. */
export function unavailable(headers?: Headers): never {
  throw data({ message: STAFF_MESSAGES.unavailable }, { status: 503, headers })
}

/** An upstream status that means "payments-service is not answering properly". */
export function isOutage(status: number): boolean {
  return status >= 500
}

export async function requireStaff(
  request: Request,
  need: StaffNeed = 'staff',
): Promise<StaffRequest> {
  const { user, tokens, headers } = await authenticate(request, unavailable, STAFF_LOGIN_PATH)
  const role = roleOf(tokens.access)
  const verdict = staffVerdict(role, need, passedSecondFactor(tokens.access))
  if (verdict === 'not-staff') throw redirect('/dashboard', { headers })
  if (verdict === 'second-factor-needed') {
    return signInAgain(request, tokens, STAFF_MESSAGES.secondFactorNeeded, STAFF_LOGIN_PATH)
  }
  if (verdict === 'not-admin') {
    throw data({ message: STAFF_MESSAGES.adminOnly }, { status: 403, headers })
  }
  return { user, role: role as StaffRole, tokens, headers }
}

/** A redirect after a successful staff action, with its Persian confirmation on the next page. */
export function redirectWithFlash(to: string, message: string, headers?: Headers): Response {
  const out = new Headers(headers)
  out.append('Set-Cookie', flashCookie.serialize({ message }))
  return redirect(to, { headers: out })
}

/**
 * Form errors for a refused or failed staff call: payments-service's own Persian reason when it
 * gave one (a refused transition, a field error), the outage text when it did not answer.
 */
export function staffFailure(
  result: { status: number; body: ApiErrorBody | null },
  fallback: string,
  fieldMap: Record<string, string> = {},
): FormErrors {
  if (isOutage(result.status)) return { form: [STAFF_MESSAGES.unavailable], fields: {} }
  return errorsFromApi(result.body, fallback, fieldMap)
}

/** A positive id from a route param, or a thrown 404. */
export function idParam(value: string | undefined): number {
  if (!value || !/^\d{1,15}$/.test(value) || Number(value) <= 0) {
    throw new Response('Not found', { status: 404 })
  }
  return Number(value)
}

/**
 * The start of a record page's loader or action (`/staff/orders/:orderId`…): the record's id
 * from the URL, read first so that a nonsense id is a 404 without a call, and the staff member.
 */
export async function requireStaffRecord(
  request: Request,
  idValue: string | undefined,
  need: StaffNeed = 'staff',
): Promise<StaffRequest & { id: number }> {
  const id = idParam(idValue)
  return { id, ...(await requireStaff(request, need)) }
}

/** A failed read in a loader: 404 stays 404, an outage is the Persian 503 page, else 502. */
export function throwReadFailure(status: number, headers?: Headers): never {
  if (status === 404) throw new Response('Not found', { status: 404, headers })
  if (status === 403) throw data({ message: STAFF_MESSAGES.adminOnly }, { status: 403, headers })
  if (isOutage(status)) unavailable(headers)
  throw data({ message: STAFF_MESSAGES.unavailable }, { status: 502, headers })
}

/** What a loader's read answered, or its failure thrown as the page `throwReadFailure` picks. */
export function readOrThrow<T>(
  result: { ok: true; data: T } | { ok: false; status: number },
  headers?: Headers,
): T {
  if (!result.ok) throwReadFailure(result.status, headers)
  return result.data
}
