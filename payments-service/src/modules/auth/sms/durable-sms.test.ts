import { Registry } from 'prom-client'
import pino from 'pino'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createJobEngine } from '../../../jobs/engine.ts'
import { jobEngineSettings } from '../../../jobs/settings.ts'
import { startSandboxSms, type SandboxSms } from '../../../sandbox-sms/server.ts'
import { useTestApp } from '../../../test/app.ts'
import { insertUser, uniquePhone } from '../../../test/factories.ts'
import { createOtpCodes } from '../otp-code.ts'
import { createOtpGuard } from '../otp-guard.ts'
import { createOtpService } from '../otp.service.ts'
import { createKavenegarSmsProvider } from './kavenegar.ts'
import { createSmsOutbox } from './outbox.ts'
import { localIdOf, SMS_QUEUES } from './sms-jobs.ts'
import type { SmsProvider } from './sms-provider.ts'
import { registerSmsWorkers, SMS_RESENT_METRIC } from './sms-worker.ts'

/**
 * SMS are never lost (ADR 034): every message is a job written in the transaction of the event
 * that causes it, handed to the vendor — the sandbox SMS vendor here, through the production
 * Kavenegar adapter — until the vendor took it, under one key (`localid`) however many times.
 */

const SEND = '/api/auth/otp/send/'
const TEMPLATES = {
  template: 'arzpol-otp',
  ticketReplyTemplate: 'arzpol-ticket-reply',
  orderStatusTemplate: 'arzpol-order-status',
  otpLockTemplate: 'arzpol-otp-lock',
  moneyBackTemplate: 'arzpol-money-back',
}

let sandbox: SandboxSms
beforeAll(async () => {
  sandbox = await startSandboxSms({ port: 0 })
})
afterAll(() => sandbox.close())

/** The production adapter pointed at the sandbox, made once the sandbox listens. */
const vendor = (timeoutMs = 2_000) =>
  createKavenegarSmsProvider({ apiKey: 'test-key', baseUrl: sandbox.url, timeoutMs, ...TEMPLATES })
const sandboxProvider: SmsProvider = {
  name: 'kavenegar',
  sendOtp: (message) => vendor().sendOtp(message),
  sendTicketReply: (message) => vendor().sendTicketReply(message),
  sendOrderStatus: async (message) => vendor().sendOrderStatus?.(message),
  sendOtpLocked: async (message) => vendor().sendOtpLocked?.(message),
  sendMoneyBack: async (message) => vendor().sendMoneyBack?.(message),
}

describe('durable SMS', () => {
  const t = useTestApp({ overrides: { smsProvider: sandboxProvider } })
  beforeEach(() => sandbox.reset())

  const codesAt = (phone: string) =>
    sandbox
      .messages()
      .filter((m) => m.receptor === phone)
      .map((m) => m.tokens.token)
  /** The SMS jobs written for a phone (any state), straight from the engine's table. */
  async function smsJobsOf(phone: string) {
    const { rows } = (await t.deps.db.raw(
      `SELECT id::text AS id, name, state, output FROM pgboss.job
        WHERE name IN (?, ?) AND data->>'phone' = ? ORDER BY created_on`,
      [SMS_QUEUES.otp, SMS_QUEUES.notice, phone],
    )) as { rows: Array<{ id: string; name: string; state: string; output: unknown }> }
    return rows
  }
  async function resentCount(kind: string, why: string) {
    const metric = t.deps.metrics.registry.getSingleMetric(SMS_RESENT_METRIC)
    const values = metric ? (await metric.get()).values : []
    return (
      values.find((value) => value.labels.kind === kind && value.labels.why === why)?.value ?? 0
    )
  }

  it('the vendor fails once: the code arrives on the retry, under the same key', async () => {
    const phone = uniquePhone()
    sandbox.failNext({ kind: 'down' })
    const sent = await t.api.post<{ dev_code: string }>(SEND, { phone, purpose: 'register' })
    expect(sent.status).toBe(200)
    await t.deps.sms.drain()
    expect(codesAt(phone)).toEqual([])
    expect((await smsJobsOf(phone)).map((job) => job.state)).toEqual(['retry'])

    // The backoff has passed.
    await t.deps.jobs.runDue(SMS_QUEUES.otp, { includeDelayed: true })
    expect(codesAt(phone)).toEqual([sent.body.dev_code])
    expect(sandbox.stats.requests).toBe(2)
    const [job] = await smsJobsOf(phone)
    expect(job?.state).toBe('completed')
    expect(sandbox.messages()[0]?.localid).toBe(localIdOf(job?.id ?? ''))
  })

  it('a worker killed holding a code: sent again when its lease runs out, once at the phone, counted', async () => {
    const phones = Array.from({ length: 10 }, () => uniquePhone())
    const codes = new Map<string, string>()
    for (const phone of phones) {
      const sent = await t.api.post<{ dev_code: string }>(SEND, { phone, purpose: 'register' })
      codes.set(phone, sent.body.dev_code)
    }
    // Ten workers each claim one job; half of them hand the message to the vendor, then all die.
    const claimed = await t.deps.jobs.boss.fetch<{ phone: string }>(SMS_QUEUES.otp, {
      batchSize: 10,
    })
    expect(claimed).toHaveLength(10)
    for (const [i, job] of claimed.entries()) {
      if (i % 2 === 1) continue
      await vendor().sendOtp({
        phone: job.data.phone,
        code: codes.get(job.data.phone) ?? '',
        localId: localIdOf(job.id),
      })
    }
    // Their leases run out; the engine's maintenance hands the jobs back.
    await t.deps.db.raw(
      `UPDATE pgboss.job SET started_on = now() - interval '1 hour' WHERE name = ? AND state = 'active'`,
      [SMS_QUEUES.otp],
    )
    await t.deps.jobs.boss.expire()
    expect(await t.deps.jobs.runDue(SMS_QUEUES.otp, { includeDelayed: true })).toEqual({
      completed: 10,
      retried: 0,
      failed: 0,
    })

    // None lost, none twice at a phone; the five the vendor had were handed over again, and
    // dropped by their key.
    for (const phone of phones) expect(codesAt(phone)).toEqual([codes.get(phone)])
    expect(sandbox.stats).toEqual({ requests: 15, duplicates: 5 })
    expect(await resentCount('otp', 'lease_expired')).toBe(10)
  })

  it('a pod stopping with a notice in flight hands it back: sent once at the phone, counted', async () => {
    const phone = uniquePhone()
    await t.deps.db.transaction(async (trx) => {
      await t.deps.sms.enqueueOrderStatus(trx, { phone, orderId: 9, statusLabel: 'رد شد' })
    })
    const [job] = await t.deps.jobs.boss.fetch<{ phone: string }>(SMS_QUEUES.notice)
    await vendor().sendOrderStatus?.({
      phone,
      orderId: 9,
      statusLabel: 'رد شد',
      localId: localIdOf(job?.id ?? ''),
    })
    // What pg-boss does with a job still running when its stop timeout ends (`failWip`: a
    // string, which it keeps as `{ value }`).
    await t.deps.jobs.boss.fail(SMS_QUEUES.notice, job?.id ?? '', {
      value: 'pg-boss shut down while active',
    })
    await t.deps.jobs.runDue(SMS_QUEUES.notice, { includeDelayed: true })
    expect(sandbox.messages().filter((m) => m.receptor === phone)).toHaveLength(1)
    expect(sandbox.stats.duplicates).toBe(1)
    expect(await resentCount('order_status', 'shutdown')).toBe(1)
  })

  it('a rolled-back event sends nothing and leaves no job', async () => {
    const phone = uniquePhone()
    await expect(
      t.deps.db.transaction(async (trx) => {
        await t.deps.sms.enqueueOrderStatus(trx, { phone, orderId: 7, statusLabel: 'انجام شد' })
        await t.deps.sms.enqueueTicketReply(trx, { phone, ticketId: 3 })
        throw new Error('the staff move was refused')
      }),
    ).rejects.toThrow('refused')
    await t.deps.sms.drain()
    expect(await smsJobsOf(phone)).toEqual([])
    expect(sandbox.messages()).toEqual([])

    await t.deps.db.transaction(async (trx) => {
      await t.deps.sms.enqueueOrderStatus(trx, { phone, orderId: 7, statusLabel: 'انجام شد' })
    })
    await t.deps.sms.drain()
    expect(sandbox.messages()).toEqual([
      expect.objectContaining({ receptor: phone, tokens: { token: '7', token2: 'انجام\u200cشد' } }),
    ])
  })

  it('a reset for a known and an unknown phone writes the same rows; only the known one is sent', async () => {
    const known = (await insertUser(t.deps)).phone
    const unknown = uniquePhone()
    for (const phone of [known, unknown]) {
      expect((await t.api.post(SEND, { phone, purpose: 'reset' })).status).toBe(200)
    }
    const jobs = { known: await smsJobsOf(known), unknown: await smsJobsOf(unknown) }
    expect(jobs.known.map((job) => [job.name, job.state])).toEqual([[SMS_QUEUES.otp, 'created']])
    expect(jobs.unknown.map((job) => [job.name, job.state])).toEqual([[SMS_QUEUES.otp, 'created']])

    await t.deps.sms.drain()
    expect(codesAt(known)).toHaveLength(1)
    expect(codesAt(unknown)).toEqual([])
    expect((await smsJobsOf(unknown)).map((job) => [job.state, job.output])).toEqual([
      ['completed', { outcome: 'not_delivered' }],
    ])
  })

  it('never writes a code into the job table', async () => {
    const phone = uniquePhone()
    const sent = await t.api.post<{ dev_code: string }>(SEND, { phone, purpose: 'register' })
    await t.deps.sms.drain()
    const { rows } = (await t.deps.db.raw(
      `SELECT data::text AS data, output::text AS output FROM pgboss.job WHERE data->>'phone' = ?`,
      [phone],
    )) as { rows: Array<{ data: string; output: string }> }
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows)).not.toContain(sent.body.dev_code)
    expect(codesAt(phone)).toEqual([sent.body.dev_code])
  })

  describe('dead SMS, for staff', () => {
    const DEAD = '/api/staff/sms/dead/'

    async function killTicketReply(phone: string) {
      sandbox.failNext({ kind: 'vendor', status: 418, message: 'اعتبار حساب شما کافی نیست' }, 20)
      await t.deps.db.transaction(async (trx) => {
        await t.deps.sms.enqueueTicketReply(trx, { phone, ticketId: 1234567 })
      })
      await t.deps.sms.drain()
      for (let i = 0; i < 20; i++) {
        const ran = await t.deps.jobs.runDue(SMS_QUEUES.notice, { includeDelayed: true })
        if (ran.failed > 0) return
      }
      throw new Error('the job never died')
    }

    it('lists a dead SMS with a masked phone, kind, tries and the last error; a retry delivers it', async () => {
      const support = await insertUser(t.deps, { role: 'support' })
      const token = await t.deps.tokens.signAccess(support)
      const phone = '09121234567'
      await killTicketReply(phone)

      const listed = await t.api.get<{ count: number; results: Array<Record<string, unknown>> }>(
        DEAD,
        { token },
      )
      expect(listed.status).toBe(200)
      expect(listed.body.count).toBe(1)
      expect(listed.body.results).toEqual([
        {
          id: expect.any(String),
          kind: 'ticket_reply',
          phone: '0912***4567',
          attempts: 9,
          last_error: expect.stringContaining('418'),
          created_at: expect.any(String),
          failed_at: expect.any(String),
        },
      ])
      expect(listed.text).not.toContain(phone)
      expect(listed.text).not.toContain('1234567')
      expect(sandbox.messages()).toEqual([])

      sandbox.reset()
      const id = String(listed.body.results[0]?.id)
      const retried = await t.api.post(`${DEAD}${id}/retry/`, {}, { token })
      expect([retried.status, retried.body]).toEqual([200, { id, status: 'queued' }])
      await t.deps.sms.drain()
      expect(sandbox.messages()).toEqual([
        expect.objectContaining({ receptor: phone, localid: localIdOf(id) }),
      ])
      expect((await t.api.get(DEAD, { token })).body).toEqual({ count: 0, results: [] })
      const again = await t.api.post(`${DEAD}${id}/retry/`, {}, { token })
      expect(again.status).toBe(404)

      const audit = await t.deps.db.raw(
        `SELECT action, subject_type, subject_id, actor_user_id FROM staff_audit_log`,
      )
      expect(audit.rows).toEqual([
        {
          action: 'sms_retried',
          subject_type: 'sms_job',
          subject_id: id,
          actor_user_id: support.id,
        },
      ])
    })

    it('shows no code of a dead OTP', async () => {
      const admin = await insertUser(t.deps, { role: 'admin' })
      const token = await t.deps.tokens.signAccess(admin)
      const phone = uniquePhone()
      sandbox.failNext({ kind: 'down' }, 20)
      const sent = await t.api.post<{ dev_code: string }>(SEND, { phone, purpose: 'register' })
      for (let i = 0; i < 10; i++) {
        const ran = await t.deps.jobs.runDue(SMS_QUEUES.otp, { includeDelayed: true })
        if (ran.failed > 0) break
      }
      const listed = await t.api.get(DEAD, { token })
      expect(listed.body).toMatchObject({ count: 1, results: [{ kind: 'otp', attempts: 5 }] })
      expect(listed.text).not.toContain(sent.body.dev_code)
    })
  })
})

describe('an OTP job wakes its worker at once', () => {
  const t = useTestApp({ overrides: { smsProvider: sandboxProvider } })
  beforeEach(() => sandbox.reset())

  it('reaches the vendor well before the next poll', async () => {
    // A polling engine of its own (the test app's does not poll), asking only every 10 s.
    const engine = createJobEngine(
      t.deps.db,
      { ...jobEngineSettings(t.deps.config), pollSeconds: 10 },
      pino({ level: 'silent' }),
    )
    const codes = createOtpCodes(t.deps.config.JWT_PRIVATE_KEY)
    registerSmsWorkers(engine, {
      db: t.deps.db,
      clock: t.clock,
      logger: pino({ level: 'silent' }),
      provider: sandboxProvider,
      codes,
      metrics: { registry: new Registry() },
    })
    await engine.start()
    try {
      const otp = createOtpService({
        db: t.deps.db,
        clock: t.clock,
        codes,
        sms: createSmsOutbox(engine),
        limits: { perPhonePerHour: 5, perIpPerHour: 20 },
        guard: createOtpGuard({
          clock: t.clock,
          sms: createSmsOutbox(engine),
          limits: {
            failuresPerPhone: 20,
            failureWindowSeconds: 86_400,
            lockSeconds: 21_600,
            failuresPerIp: 50,
            ipWindowSeconds: 3600,
          },
        }),
      })
      // Let the workers' first poll pass: from now on they sleep 10 s unless woken.
      await new Promise((resolve) => setTimeout(resolve, 500))
      const phone = uniquePhone()
      const started = Date.now()
      const { code } = await otp.send({ phone, purpose: 'register', clientIp: null })
      while (sandbox.messages().length === 0 && Date.now() - started < 12_000) {
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      const waited = Date.now() - started
      expect(sandbox.messages().map((m) => m.tokens.token)).toEqual([code])
      expect(waited).toBeLessThan(2_000)
    } finally {
      await engine.stop()
    }
  }, 20_000)
})
