import { REVIEW_MESSAGES } from '@arzpol/contracts/identity/review'
import { describe, expect, it } from 'vitest'
import { startFakeIdentity } from '~/features/identity/fake-identity.test-support.ts'
import { standInForFile } from '../../../tests/stand-in-for-file.ts'
import { expectData, flashMessage, signedInJar } from '../../../tests/utils.ts'
import { load, submit } from '../dashboard/route-calls.test-support.ts'
import { action as levelsAction } from '../staff.identity-levels/route.tsx'
import { action, loader } from './route.tsx'

/**
 * The staff identity actions against a local stand-in of payments-service: a review's decision
 * (approve; reject only with a reason), and one level's limits in toman (admins only).
 */

const fake = await standInForFile(startFakeIdentity(), 'PAYMENTS_URL', (fake) => fake.reset())
const admin = () => signedInJar({ sub: '1', role: 'admin' })
const support = () => signedInJar({ sub: '2', role: 'support' })

const decide = (fields: Record<string, string>, jar = support(), reviewId = '5') =>
  submit(action, `/staff/identity/${reviewId}`, fields, jar, { reviewId })

const upstream = (method: string, path: string) =>
  fake.calls.filter((call) => call.method === method && call.path === path)

describe('a level-2 review', () => {
  it('shows the request with its documents to support', async () => {
    const result = expectData<{ review: { documents: unknown[] } }>(
      await load(loader, '/staff/identity/5', support(), { reviewId: '5' }),
    )
    expect(result.data.review.documents).toHaveLength(2)
  })

  it('approves with the staff member’s token', async () => {
    // Only proposed: a second staff member approves it in /staff/approvals.
    const response = await decide({ intent: 'approve' })
    expect(flashMessage(response)).toContain('پس از تأیید یک همکار دیگر انجام می‌شود')
    expect(flashMessage(response)).toContain('۳۱')
    const [call] = upstream('POST', '/api/staff/identity/reviews/5/approve/')
    expect(call?.authorization).toMatch(/^Bearer ey/)
  })

  it('rejects only with a reason, which goes to the service as written', async () => {
    for (const reason of ['', '   ']) {
      const refused = expectData<{ errors: { fields: Record<string, string[]> } }>(
        await decide({ intent: 'reject', reason }),
      )
      expect(refused.data.errors.fields.reason).toEqual([REVIEW_MESSAGES.reasonRequired])
    }
    expect(upstream('POST', '/api/staff/identity/reviews/5/reject/')).toHaveLength(0)
    await decide({ intent: 'reject', reason: ' تصویر کارت ملی خوانا نیست ' })
    expect(upstream('POST', '/api/staff/identity/reviews/5/reject/')[0]?.json).toEqual({
      reason: 'تصویر کارت ملی خوانا نیست',
    })
  })

  it('shows the service’s reason when someone else decided first', async () => {
    fake.answer('POST /api/staff/identity/reviews/5/approve/', 409, {
      detail: REVIEW_MESSAGES.decided,
      code: 'review_decided',
    })
    const result = expectData<{ errors: { form: string[] } }>(await decide({ intent: 'approve' }))
    expect(result.init?.status).toBe(409)
    expect(result.data.errors.form).toEqual([REVIEW_MESSAGES.decided])
  })

  it('refuses an unknown intent and a review id that is not a number, asking nobody', async () => {
    const unknown = expectData<{ errors: { form: string[] } }>(await decide({ intent: 'promote' }))
    expect(unknown.init?.status).toBe(400)
    const notFound = await decide({ intent: 'approve' }, support(), '5%2F..%2F6')
    expect((notFound as Response).status).toBe(404)
    expect(fake.calls.filter((c) => c.method === 'POST')).toHaveLength(0)
  })
})

describe('limits per level', () => {
  const post = (fields: Record<string, string>, jar = admin()) =>
    submit(levelsAction, '/staff/identity-levels', fields, jar)

  it('takes toman with Persian digits and separators and sends whole numbers', async () => {
    const response = await post({
      level: '1',
      per_order_toman: '۵۰۰٬۰۰۰٬۰۰۰',
      per_day_toman: '1,000,000,000',
      per_month_toman: '3000000000',
    })
    expect(flashMessage(response)).toBe('سقف‌های سطح ۱ ذخیره شد.')
    expect(upstream('PUT', '/api/staff/identity-levels/')[0]?.json).toEqual({
      level: 1,
      per_order_toman: 500_000_000,
      per_day_toman: 1_000_000_000,
      per_month_toman: 3_000_000_000,
    })
  })

  it('refuses a day below the order limit, a fraction and a blank, beside their fields', async () => {
    const result = expectData<{ errors: { fields: Record<string, string[]> } }>(
      await post({ level: '1', per_order_toman: '10.5', per_day_toman: '', per_month_toman: '5' }),
    )
    expect(result.init?.status).toBe(400)
    expect(Object.keys(result.data.errors.fields).sort()).toEqual([
      'per_day_toman',
      'per_order_toman',
    ])
    const ordered = expectData<{ errors: { fields: Record<string, string[]> } }>(
      await post({ level: '1', per_order_toman: '10', per_day_toman: '5', per_month_toman: '20' }),
    )
    expect(ordered.data.errors.fields.per_day_toman?.[0]).toContain('سقف روزانه')
    expect(upstream('PUT', '/api/staff/identity-levels/')).toHaveLength(0)
  })

  it('is an admin’s: support gets 403 and nothing is sent', async () => {
    const thrown = await post(
      { level: '1', per_order_toman: '1', per_day_toman: '1', per_month_toman: '1' },
      support(),
    ).catch((error: unknown) => error)
    expect((thrown as { init?: ResponseInit }).init?.status).toBe(403)
    expect(upstream('PUT', '/api/staff/identity-levels/')).toHaveLength(0)
  })
})
