import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../test/app.ts'
import { uniquePhone } from '../../test/factories.ts'

const TOKEN = 'metrics-token-for-tests-0123456789'

/** The value of one sample line, e.g. `arzpol_payments{stage="paid"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

describe('GET /metrics', () => {
  const t = useTestApp({ env: { METRICS_TOKEN: TOKEN } })
  const scrape = async (path = '/metrics') => {
    const response = await t.api.get(path, { headers: { Authorization: `Bearer ${TOKEN}` } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/plain')
    return response.text
  }

  it('refuses a scrape without the bearer token, or with a wrong one', async () => {
    const missing = await t.api.get('/metrics')
    expect(missing.status).toBe(401)
    expect(missing.headers.get('www-authenticate')).toContain('Bearer')
    const wrong = await t.api.get('/metrics', { headers: { Authorization: 'Bearer nope' } })
    expect(wrong.status).toBe(401)
    expect(wrong.text).not.toContain('http_request_duration_seconds')
  })

  it('labels request durations with the route pattern, not the raw path', async () => {
    await t.api.get('/api/payments/123/')
    await t.api.get('/api/payments/456/')
    await t.api.get('/no/such/path/789')
    const text = await scrape()
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/payments/:id",status="401"}',
      ),
    ).toBe(2)
    expect(text).not.toContain('/api/payments/123')
    // The path, not its digits: a duration's sum may hold "789" by chance.
    expect(text).not.toContain('/no/such/path')
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}',
      ),
    ).toBe(1)
  })

  it('reports orders by stage from the database, every stage present, at one target only', async () => {
    const text = await scrape('/metrics/cluster')
    expect(sample(text, 'arzpol_metrics_database_up')).toBe(1)
    expect(sample(text, 'arzpol_payments{stage="awaiting_payment"}')).toBe(0)
    expect(sample(text, 'arzpol_payments{stage="paid"}')).toBe(0)
    // Money to return: nothing captured, nothing to return.
    expect(sample(text, 'arzpol_money_to_return_irr')).toBe(0)
    expect(sample(text, 'arzpol_money_to_return_oldest_seconds')).toBe(0)
    // Summing the per-pod scrapes must not multiply database state by the replica count.
    const perPod = await scrape()
    expect(perPod).not.toContain('arzpol_payments')
    expect(perPod).not.toContain('arzpol_money_to_return')
    expect(perPod).toContain('http_request_duration_seconds')
    expect(text).not.toContain('http_request_duration_seconds')
    expect((await t.api.get('/metrics/cluster')).status).toBe(401)
  })

  it('counts OTP SMS sent and failed at the provider', async () => {
    expect(
      (await t.api.post('/api/auth/otp/send/', { phone: uniquePhone(), purpose: 'register' }))
        .status,
    ).toBe(200)
    await t.deps.sms.drain()
    t.kavenegar.failNext(500, 500, 'vendor down')
    expect(
      (await t.api.post('/api/auth/otp/send/', { phone: uniquePhone(), purpose: 'register' }))
        .status,
    ).toBe(200)
    await t.deps.sms.drain()
    const text = await scrape()
    expect(sample(text, 'arzpol_sms_total{kind="otp",result="sent"}')).toBe(1)
    expect(sample(text, 'arzpol_sms_total{kind="otp",result="failed"}')).toBe(1)
  })
})

describe('GET /metrics without METRICS_TOKEN', () => {
  const t = useTestApp()

  it('does not exist', async () => {
    const response = await t.api.get('/metrics')
    expect(response.status).toBe(404)
    expect(response.body).toEqual({ detail: 'یافت نشد' })
  })
})
