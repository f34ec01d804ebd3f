import { describe, expect, it } from 'vitest'
import { startStaffStandIn } from '../../../tests/http-stand-in.ts'
import { standInForFile } from '../../../tests/stand-in-for-file.ts'
import { expectData, signedInJar } from '../../../tests/utils.ts'
import { load, submit } from '../dashboard/route-calls.test-support.ts'
import { action, loader } from './route.tsx'

/**
 * An admin issues a staff member's one-time enrolment link from the staff user page (ADR 035),
 * against a small stand-in for payments-service's user detail and
 * `POST /api/staff/users/:id/enrolment-link/`.
 */

const NOW = '2026-12-04T09:00:00.000Z'
const LINK = `https://arzpol.example/staff/enrol?link=${'k'.repeat(43)}`
const posted: string[] = []

const account = (id: number, role: string, enrolled: boolean | null) => ({
  id,
  phone: `0912000000${id}`,
  username: `user${id}`,
  email: null,
  role,
  blocked: false,
  blocked_at: null,
  closed_at: null,
  created_at: NOW,
  last_login_at: null,
  second_factor_enrolled: enrolled,
  orders: [],
  orders_count: 0,
  tickets: [],
  tickets_count: 0,
  audit: [],
})

const ACCOUNTS: Record<string, ReturnType<typeof account>> = {
  '7': account(7, 'support', false),
  '8': account(8, 'support', true),
  '9': account(9, 'customer', null),
}

await standInForFile(
  startStaffStandIn('admin1', (req, _body, send) => {
    const url = req.url ?? ''
    const detail = /^\/api\/staff\/users\/(\d+)\/$/.exec(url)
    if (detail && req.method === 'GET') {
      const found = ACCOUNTS[detail[1] ?? '']
      return found ? send(200, found) : send(404, { detail: 'یافت نشد', code: 'not_found' })
    }
    if (/^\/api\/staff\/users\/\d+\/identity\//.test(url)) return send(404, { detail: 'یافت نشد' })
    const issue = /^\/api\/staff\/users\/(\d+)\/enrolment-link\/$/.exec(url)
    if (issue && req.method === 'POST') {
      posted.push(issue[1] ?? '')
      if (issue[1] === '8') {
        return send(409, {
          detail: 'تأیید دومرحله‌ای این حساب فعال است و به پیوند فعال‌سازی نیاز ندارد.',
          code: 'second_factor_already_enrolled',
        })
      }
      return send(201, { url: LINK, expires_at: '2026-12-05T09:00:00.000Z' })
    }
  }),
  'PAYMENTS_URL',
  () => {
    posted.length = 0
  },
)

const admin = () => signedInJar({ sub: '1', role: 'admin' })
const support = () => signedInJar({ sub: '1', role: 'support' })

describe('/staff/users/:id enrolment link', () => {
  it('offers the link to admins for staff who have not enrolled, and to nobody else', async () => {
    const offered = async (id: string, jar = admin()) =>
      expectData<{ canIssueEnrolmentLink: boolean }>(
        await load(loader, `/staff/users/${id}`, jar, { userId: id }),
      ).data.canIssueEnrolmentLink
    expect(await offered('7')).toBe(true)
    expect(await offered('8')).toBe(false)
    expect(await offered('9')).toBe(false)
    expect(await offered('7', support())).toBe(false)
  })

  it('shows the issued link in the answer only, not through a redirect', async () => {
    const result = expectData<{ intent: string; link: { url: string; expiresAt: string } }>(
      await submit(action, '/staff/users/7', { intent: 'enrolment-link' }, admin(), {
        userId: '7',
      }),
    )
    expect(result.data).toEqual({
      intent: 'enrolment-link',
      link: { url: LINK, expiresAt: '2026-12-05T09:00:00.000Z' },
    })
    expect(new Headers(result.init?.headers).get('Cache-Control')).toBe('private, no-store')
    expect(posted).toEqual(['7'])
  })

  it('says in Persian why payments-service refused', async () => {
    const result = expectData<{ errors: { form: string[] } }>(
      await submit(action, '/staff/users/8', { intent: 'enrolment-link' }, admin(), {
        userId: '8',
      }),
    )
    expect(result.init?.status).toBe(409)
    expect(result.data.errors.form).toEqual([
      'تأیید دومرحله‌ای این حساب فعال است و به پیوند فعال‌سازی نیاز ندارد.',
    ])
  })

  it('is not for support staff: refused with 403, nothing asked of payments-service', async () => {
    await expect(
      submit(action, '/staff/users/7', { intent: 'enrolment-link' }, support(), { userId: '7' }),
    ).rejects.toMatchObject({ init: { status: 403 } })
    expect(posted).toEqual([])
  })
})
