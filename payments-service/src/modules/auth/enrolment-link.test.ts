import type { AuthTokens } from '@arzpol/contracts'
import { describe, expect, it } from 'vitest'
import type { User } from '../../models/user.model.ts'
import { useTestApp } from '../../test/app.ts'
import { insertUser } from '../../test/factories.ts'
import {
  ENROLMENT_CONFIRM_PATH as CONFIRM,
  ENROLMENT_PATH as ENROLMENT,
  enrolmentLinkFor,
  linkTokenOf,
  LOGIN_PATH as LOGIN,
  totpAt,
} from '../../test/sessions.ts'

const PASSWORD = 'staff password 1'
const WEB = 'https://arzpol.example'
const LINK_HOURS = 6

const issuePath = (id: number) => `/api/staff/users/${id}/enrolment-link/`

/** What staff read when this flow refuses them, by the refusal's code: these texts exactly. */
const REFUSAL_TEXTS = {
  second_factor_enrolment_link_required:
    'برای فعال‌سازی تأیید دومرحله‌ای به پیوند فعال‌سازی نیاز دارید. از مدیر سامانه بخواهید برای حساب شما پیوند فعال‌سازی بسازد، آن را باز کنید و دوباره وارد شوید.',
  second_factor_enrolment_link_used:
    'این پیوند فعال‌سازی قبلاً یک بار استفاده شده است؛ از مدیر سامانه پیوند تازه‌ای بخواهید.',
  second_factor_enrolment_link_not_yours:
    'این پیوند فعال‌سازی برای حساب دیگری ساخته شده است؛ با حساب خودتان وارد شوید یا از مدیر سامانه پیوند تازه‌ای بخواهید.',
  second_factor_enrolment_link_expired:
    'مهلت این پیوند فعال‌سازی به پایان رسیده است؛ از مدیر سامانه پیوند تازه‌ای بخواهید.',
  second_factor_enrolment_link_revoked:
    'برای حساب شما پیوند فعال‌سازی تازه‌تری ساخته شده است؛ آخرین پیوندی را که دریافت کرده‌اید باز کنید.',
  own_account:
    'برای حساب خودتان نمی‌توانید پیوند فعال‌سازی بسازید؛ مدیر دیگری یا اپراتور سامانه باید آن را بسازد.',
  permission_denied: 'پیوند فعال‌سازی فقط برای حساب‌های کارکنان (پشتیبان یا مدیر) ساخته می‌شود.',
}

/** Refused with `status` and `code`, and exactly the text REFUSAL_TEXTS has for the code. */
function expectRefused(
  response: { status: number; body: unknown },
  status: number,
  code: keyof typeof REFUSAL_TEXTS,
) {
  expect([response.status, response.body]).toEqual([status, { detail: REFUSAL_TEXTS[code], code }])
}

describe('staff enrol their second factor only with a one-time link (ADR 035)', () => {
  const t = useTestApp({
    env: { WEB_PUBLIC_URL: WEB, STAFF_ENROLMENT_LINK_HOURS: String(LINK_HOURS) },
  })

  const codeAt = (secret: string) => totpAt(t.deps, secret)

  async function challengeOf(user: User): Promise<string> {
    const login = await t.api.post<{ code: string; challenge: string }>(LOGIN, {
      phone: user.phone,
      password: PASSWORD,
    })
    expect(login.status, login.text).toBe(202)
    expect(login.body.code).toBe('second_factor_enrolment_required')
    return login.body.challenge
  }

  const newStaff = (role: 'support' | 'admin' = 'support') =>
    insertUser(t.deps, { role, password: PASSWORD })

  /** An admin signed in with the second factor (the harness opens such a session). */
  async function admin() {
    const user = await insertUser(t.deps, { role: 'admin' })
    return { user, token: await t.deps.tokens.signAccess(user) }
  }

  const enrol = (challenge: string, link?: string) =>
    t.api.post<{ secret: string; otpauth_uri: string; code?: string; detail?: string }>(
      ENROLMENT,
      link === undefined ? { challenge } : { challenge, link },
    )

  const factorRows = (userId: number) =>
    t.deps.db('staff_second_factors').where({ user_id: userId })

  it('refuses to enrol on the password alone: whoever set or read the password cannot take the account', async () => {
    const staff = await newStaff()
    const challenge = await challengeOf(staff)

    const refused = await enrol(challenge)
    expectRefused(refused, 403, 'second_factor_enrolment_link_required')
    // No secret was made, so there is nothing a first code could confirm.
    expect(await factorRows(staff.id)).toEqual([])
    const confirm = await t.api.post(CONFIRM, { challenge, code: '123456' })
    expect(confirm.body).toMatchObject({ code: 'second_factor_enrolment_not_started' })
  })

  it('shows a secret once per link: a second use is refused, and each link makes a new secret', async () => {
    const staff = await newStaff()
    const challenge = await challengeOf(staff)
    const link = await enrolmentLinkFor(t, staff.id)

    const first = await enrol(challenge, link)
    expect(first.status, first.text).toBe(200)
    expect(first.body.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(new URL(first.body.otpauth_uri).searchParams.get('secret')).toBe(first.body.secret)

    // A reload, another tab, or someone who copied the link: never the same secret again.
    const again = await enrol(challenge, link)
    expectRefused(again, 410, 'second_factor_enrolment_link_used')
    expect(JSON.stringify(again.body)).not.toContain(first.body.secret)

    // A new link, a new secret: the one shown before (never confirmed) stops working.
    const second = await enrol(challenge, await enrolmentLinkFor(t, staff.id))
    expect(second.status, second.text).toBe(200)
    expect(second.body.secret).not.toBe(first.body.secret)
    const stale = await t.api.post(CONFIRM, {
      challenge,
      code: await codeAt(first.body.secret),
    })
    expect(stale.body).toMatchObject({ code: 'second_factor_invalid' })
    const confirmed = await t.api.post<AuthTokens & { recovery_codes: string[] }>(CONFIRM, {
      challenge,
      code: await codeAt(second.body.secret),
    })
    expect(confirmed.status, confirmed.text).toBe(200)
    expect(confirmed.body.recovery_codes).toHaveLength(10)
  })

  it('refuses an expired link, and the link of another account (which stays good for its owner)', async () => {
    const staff = await newStaff()
    const other = await newStaff('admin')
    const othersLink = await enrolmentLinkFor(t, other.id)
    const mine = await enrolmentLinkFor(t, staff.id)

    const challenge = await challengeOf(staff)
    const foreign = await enrol(challenge, othersLink)
    expectRefused(foreign, 403, 'second_factor_enrolment_link_not_yours')
    const unknown = await enrol(challenge, 'A'.repeat(43))
    expect([unknown.status, unknown.body.code]).toEqual([
      403,
      'second_factor_enrolment_link_invalid',
    ])
    expect(await factorRows(staff.id)).toEqual([])
    expect((await enrol(await challengeOf(other), othersLink)).status).toBe(200)

    t.clock.advance(LINK_HOURS * 3600)
    const expired = await enrol(await challengeOf(staff), mine)
    expectRefused(expired, 410, 'second_factor_enrolment_link_expired')
    expect(await factorRows(staff.id)).toEqual([])
  })

  it('a newer link revokes the older ones of the account', async () => {
    const staff = await newStaff()
    const older = await enrolmentLinkFor(t, staff.id)
    const newer = await enrolmentLinkFor(t, staff.id)
    const challenge = await challengeOf(staff)

    const revoked = await enrol(challenge, older)
    expectRefused(revoked, 410, 'second_factor_enrolment_link_revoked')
    expect((await enrol(challenge, newer)).status).toBe(200)
  })

  it('an admin with a second-factor session issues a link: stored as a hash, audited twice, shown once', async () => {
    const { user: actor, token } = await admin()
    const staff = await newStaff()

    const issued = await t.api.post<{ url: string; expires_at: string }>(
      issuePath(staff.id),
      {},
      { token },
    )
    expect(issued.status, issued.text).toBe(201)
    const url = new URL(issued.body.url)
    expect(`${url.origin}${url.pathname}`).toBe(`${WEB}/staff/enrol`)
    const linkToken = linkTokenOf(issued.body.url)
    expect(linkToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(new Date(issued.body.expires_at).getTime()).toBe(
      t.clock.now().getTime() + LINK_HOURS * 3600_000,
    )

    // Only a hash is kept, and no record names the token.
    const stored = await t.deps.db('staff_enrolment_links').where({ user_id: staff.id })
    expect(stored).toHaveLength(1)
    expect(stored[0]).toMatchObject({ issued_by: actor.id, used_at: null, revoked_at: null })
    const userAudit = await t.deps
      .db('user_audit')
      .where({ user_id: staff.id, action: 'enrolment_link_issued' })
    expect(userAudit).toEqual([expect.objectContaining({ actor_user_id: actor.id })])
    const chain = await t.deps
      .db('staff_audit_log')
      .where({ subject_type: 'user', subject_id: String(staff.id) })
    expect(chain).toEqual([
      expect.objectContaining({
        actor_user_id: actor.id,
        action: 'user_changed',
        data: expect.objectContaining({ change: 'enrolment_link_issued' }) as unknown,
      }),
    ])
    for (const row of [...stored, ...userAudit, ...chain]) {
      expect(JSON.stringify(row)).not.toContain(linkToken)
    }

    // The staff page says the account has not enrolled, and the link works.
    const detail = await t.api.get(`/api/staff/users/${staff.id}/`, { token })
    expect(detail.body).toMatchObject({ second_factor_enrolled: false })
    expect((await enrol(await challengeOf(staff), linkToken)).status).toBe(200)
  })

  it('issuing needs an admin whose session passed the second factor, never for their own account or a customer, 409 once enrolled', async () => {
    const { user: actor, token } = await admin()
    const staff = await newStaff()
    const customer = await insertUser(t.deps)
    const support = await newStaff()
    const supportToken = await t.deps.tokens.signAccess(support)
    const weak = await t.services.auth.sessions.issue(t.deps.db, actor, { secondFactor: false })

    const issue = (id: number, as: string) => t.api.post(issuePath(id), {}, { token: as })
    expect((await issue(staff.id, supportToken)).status).toBe(403)
    expect((await issue(staff.id, weak.access)).status).toBe(403)
    expect((await t.api.post(issuePath(staff.id), {})).status).toBe(401)

    const own = await issue(actor.id, token)
    expectRefused(own, 403, 'own_account')
    const forCustomer = await issue(customer.id, token)
    expectRefused(forCustomer, 403, 'permission_denied')
    expect((await issue(2_000_000_000, token)).status).toBe(404)
    // Refusals leave no link and no audit behind.
    expect(
      await t.deps
        .db('staff_enrolment_links')
        .whereIn('user_id', [actor.id, customer.id, staff.id]),
    ).toEqual([])

    const issued = await issue(staff.id, token)
    expect(issued.status).toBe(201)
    const link = linkTokenOf((issued.body as { url: string }).url)
    const challenge = await challengeOf(staff)
    const { secret } = (await enrol(challenge, link)).body
    expect((await t.api.post(CONFIRM, { challenge, code: await codeAt(secret) })).status).toBe(200)
    const enrolled = await issue(staff.id, token)
    expect([enrolled.status, (enrolled.body as { code: string }).code]).toEqual([
      409,
      'second_factor_already_enrolled',
    ])
    const detail = await t.api.get(`/api/staff/users/${staff.id}/`, { token })
    expect(detail.body).toMatchObject({ second_factor_enrolled: true })
    const customerDetail = await t.api.get(`/api/staff/users/${customer.id}/`, { token })
    expect(customerDetail.body).toMatchObject({ second_factor_enrolled: null })
  })
})
