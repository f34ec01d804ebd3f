import { describe, expect, it } from 'vitest'
import { startStaffStandIn } from '../../../tests/http-stand-in.ts'
import { standInForFile } from '../../../tests/stand-in-for-file.ts'
import { expectData, flashMessage, signedInJar } from '../../../tests/utils.ts'
import { load, submit } from '../dashboard/route-calls.test-support.ts'
import { action, loader } from './route.tsx'

/**
 * SMS that could not be delivered, against a small stand-in for payments-service's
 * `GET /api/staff/sms/dead/` and `POST …/:id/retry/`.
 */

const DEAD_ID = '7d1e7b43-0d6c-4c62-9d3e-1d7fd2b0e2aa'
const GONE_ID = '00000000-0000-4000-8000-000000000000'
const posted: string[] = []
const asked: string[] = []

const DEAD = {
  id: DEAD_ID,
  kind: 'order_status',
  phone: '0912***4567',
  attempts: 9,
  last_error:
    'kavenegar verify/lookup failed: HTTP 418, return.status 418: اعتبار حساب شما کافی نیست',
  created_at: '2026-11-25T08:00:00.000Z',
  failed_at: '2026-11-25T10:10:00.000Z',
}

await standInForFile(
  startStaffStandIn('support1', (req, _body, send) => {
    const url = req.url ?? ''
    if (url.startsWith('/api/staff/sms/dead/?') && req.method === 'GET') {
      asked.push(url)
      return send(200, { count: 1, results: [DEAD] })
    }
    const retry = /^\/api\/staff\/sms\/dead\/([0-9a-f-]+)\/retry\/$/.exec(url)
    if (retry && req.method === 'POST') {
      posted.push(retry[1] ?? '')
      if (retry[1] === GONE_ID) {
        return send(404, {
          detail: 'این پیامک در فهرست پیامک‌های ناموفق نیست (شاید پیش‌تر دوباره فرستاده شده است).',
          code: 'not_found',
        })
      }
      return send(200, { id: retry[1], status: 'queued' })
    }
  }),
  'PAYMENTS_URL',
  () => {
    posted.length = 0
    asked.length = 0
  },
)

const support = () => signedInJar({ sub: '1', role: 'support' })
const post = (fields: Record<string, string>) => submit(action, '/staff/sms', fields, support())

describe('/staff/sms', () => {
  it('loads the dead SMS a page at a time', async () => {
    const result = expectData<{ count: number; page: number; results: unknown[] }>(
      await load(loader, '/staff/sms?page=2', support()),
    )
    expect(result.data).toMatchObject({ count: 1, page: 2, results: [DEAD] })
    expect(asked).toEqual(['/api/staff/sms/dead/?limit=50&offset=50'])
  })

  it('sends one again, then redirects with a Persian confirmation', async () => {
    const response = await post({ intent: 'retry', id: DEAD_ID })
    expect((response as Response).headers.get('Location')).toBe('/staff/sms')
    expect(flashMessage(response)).toContain('دوباره در صف ارسال')
    expect(posted).toEqual([DEAD_ID])
  })

  it('sends nothing for an id that is not one', async () => {
    const result = expectData<{ errors: { fields: Record<string, string[]> } }>(
      await post({ intent: 'retry', id: '../../users/1' }),
    )
    expect(result.init?.status).toBe(400)
    expect(posted).toEqual([])
  })

  it('shows payments-service’s Persian refusal of one already retried', async () => {
    const result = expectData<{ id: string; errors: { form: string[] } }>(
      await post({ intent: 'retry', id: GONE_ID }),
    )
    expect(result.data.id).toBe(GONE_ID)
    expect(result.data.errors.form[0]).toContain('پیامک‌های ناموفق نیست')
  })
})
