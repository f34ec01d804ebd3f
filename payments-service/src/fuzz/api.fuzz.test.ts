import http from 'node:http'
import { runInNewContext } from 'node:vm'
import v8 from 'node:v8'
import { describe, expect, it } from 'vitest'
import { seedTicketCategories } from '../modules/tickets/categories.ts'
import { createOrder, useOrdersApp, validOrder } from '../modules/payments/testing.ts'
import {
  hasPersianText,
  MALFORMED_BODIES,
  naughtyStrings,
  operationsOf,
  pool,
  sample,
  WRONG_TYPES,
  type Field,
  type Operation,
} from './openapi-fuzz.ts'

/**
 * Issue #9 "bad input everywhere", against the real app on its own PostgreSQL and a real
 * sandbox bank: every operation of `/api/schema/` (customer routes with a customer's token,
 * staff routes with an admin's), every string of the naughty list in every field, wrong types,
 * malformed and oversized bodies. Nothing may answer 5xx, every 4xx must carry Persian text,
 * the process must stay up and its heap must not keep growing.
 */

v8.setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

const CONCURRENCY = 24

/** Bodies that pass validation, so fuzzing one field reaches the code behind the validation. */
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  payments_create: validOrder(),
  tickets_create: { title: 'مشکل پرداخت', category: 1, message: 'سلام' },
  auth_login: { username: '09120000000', phone: '09120000000', password: 'a-password-1' },
  auth_register: { phone: '09120000000', password: 'a-password-1', code: '1234' },
  auth_otp_send: { phone: '09120000000', purpose: 'register' },
}

/** Bank callback fields (read from the form or query by hand, so not in the schema). */
const CALLBACK_FIELDS = ['State', 'Status', 'RefNum', 'ResNum', 'Token', 'Amount', 'TraceNo', 'RRN']

interface Probe {
  op: string
  method: string
  url: string
  token?: string
  body?: string | Buffer
  type?: string
  /** What was fuzzed, for the report. */
  what: string
}

interface Finding {
  probe: Probe
  status: number
  text: string
}

const pathValue = (field: Field) =>
  field.name === 'currency' ? 'USD' : String(sample(field.schema) === 'آزمون' ? 1 : 1)

function urlFor(op: Operation, values: Record<string, string>): string {
  let path = op.path
  const query = new URLSearchParams()
  for (const field of op.fields) {
    const value = values[field.name]
    if (field.where === 'path') {
      path = path.replace(`{${field.name}}`, encodeURIComponent(value ?? pathValue(field)))
    } else if (field.where === 'query' && value !== undefined) {
      query.set(field.name, value)
    }
  }
  const search = query.toString()
  return search ? `${path}?${search}` : path
}

function baseBody(op: Operation): Record<string, unknown> {
  const known = VALID_BODIES[op.id]
  if (known) return { ...known }
  const body: Record<string, unknown> = {}
  for (const field of op.fields) {
    if (field.where === 'body' && field.name !== 'file') body[field.name] = sample(field.schema)
  }
  return body
}

/** A multipart/form-data body with the fields and a file (name and bytes naughty too). */
async function multipart(values: Record<string, unknown>, fileName: string, fileText: string) {
  const form = new FormData()
  for (const [name, value] of Object.entries(values)) {
    if (name !== 'file') form.set(name, typeof value === 'string' ? value : JSON.stringify(value))
  }
  form.set('file', new Blob([fileText]), fileName)
  const encoded = new Response(form)
  return {
    body: Buffer.from(await encoded.arrayBuffer()),
    type: encoded.headers.get('content-type') ?? 'multipart/form-data',
  }
}

/** Plain node:http with keep-alive: the client shares the CPU with the app it fuzzes. */
function request(
  base: string,
  agent: http.Agent,
  probe: { method: string; url: string; body?: string | Buffer },
  headers: Record<string, string>,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${probe.url}`,
      { method: probe.method, headers, agent },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(probe.body)
  })
}

describe('bad input everywhere (payments-service)', () => {
  const t = useOrdersApp()

  it('never answers 5xx, always explains in Persian, stays up with a flat heap', async () => {
    const started = Date.now()
    const cpuStarted = process.cpuUsage()
    // Fixtures the ids in paths point at: customer 1 with order 1 and ticket 1, staff 2.
    await seedTicketCategories(t.deps.db)
    const customer = await t.customer()
    const staff = await t.customer('admin')
    await createOrder(t, customer.token)
    await createOrder(t, customer.token, { payment_type: 'payout', site_username: null })
    const ticket = await t.api.post(
      '/api/ticketing/tickets/',
      { title: 'آزمون', category: 1, message: 'سلام' },
      { token: customer.token },
    )
    expect(ticket.status, ticket.text).toBe(201)

    const schema = await t.api.get<{ paths: never }>('/api/schema/')
    const operations = operationsOf(schema.body)
      // Customer routes first: staff routes may block the customer or delete fixtures.
      .sort((a, b) => Number(a.access === 'staff') - Number(b.access === 'staff'))
    expect(operations.length).toBeGreaterThan(40)
    const strings = naughtyStrings()
    const tokenOf = (op: Operation) =>
      op.access === 'staff' ? staff.token : op.access === 'user' ? customer.token : undefined

    const probes: Probe[] = []
    const add = (op: Operation, probe: Omit<Probe, 'op' | 'method' | 'token'>) => {
      const token = tokenOf(op)
      probes.push({ op: op.id, method: op.method, ...(token && { token }), ...probe })
    }

    for (const op of operations) {
      const isCallback = op.id.startsWith('payments_callback')
      const fields = isCallback
        ? CALLBACK_FIELDS.map((name) => ({ name, where: 'query' as const, schema: {} }))
        : op.fields
      if (fields.length === 0) {
        add(op, { url: op.path, what: 'as is' })
        continue
      }
      // Each string once in each field: field j of request i gets string (i + 31·j) mod n.
      for (let i = 0; i < strings.length; i++) {
        const values: Record<string, string> = {}
        fields.forEach((field, j) => {
          values[field.name] = strings[(i + 31 * j) % strings.length] ?? ''
        })
        const what = `naughty #${i}`
        if (isCallback && op.method === 'POST') {
          add(op, {
            url: op.path,
            body: new URLSearchParams(values).toString(),
            type: 'application/x-www-form-urlencoded',
            what,
          })
          continue
        }
        const body = { ...baseBody(op) }
        for (const field of fields)
          if (field.where === 'body') body[field.name] = values[field.name]
        const url = urlFor(op, values)
        if (op.body === 'multipart') {
          add(op, { url, ...(await multipart(body, values.file ?? 'x', values.file ?? '')), what })
        } else if (op.body === 'json') {
          add(op, { url, body: JSON.stringify(body), type: 'application/json', what })
        } else {
          add(op, { url, what })
        }
      }
      if (op.body === 'none' || isCallback) continue
      // Wrong types, one field at a time, on an otherwise valid body.
      for (const field of fields.filter((f) => f.where === 'body' && op.body === 'json')) {
        for (const wrong of WRONG_TYPES) {
          const body = { ...baseBody(op), [field.name]: wrong }
          add(op, {
            url: urlFor(op, {}),
            body: JSON.stringify(body),
            type: 'application/json',
            what: `${field.name} = ${JSON.stringify(wrong).slice(0, 40)}`,
          })
        }
      }
      for (const malformed of MALFORMED_BODIES) {
        add(op, {
          url: urlFor(op, {}),
          body: malformed.body,
          type: malformed.type,
          what: `malformed ${malformed.type} ${malformed.body.slice(0, 30)}`,
        })
      }
    }
    // Paths no route has, and headers that are not ours to trust.
    for (const s of strings) {
      probes.push({
        op: 'unknown_path',
        method: 'GET',
        url: `/api/${encodeURIComponent(s)}/`,
        what: s,
      })
    }
    const headerSafe = strings.filter((s) => /^[\x20-\x7e]*$/.test(s))
    const headerProbes: Array<Probe & { headers: Record<string, string> }> = headerSafe.map(
      (s) => ({
        op: 'headers',
        method: 'POST',
        url: '/api/payments/create/',
        body: JSON.stringify(validOrder()),
        type: 'application/json',
        what: `headers ${s}`,
        headers: {
          Authorization: `Bearer ${s}`,
          'Idempotency-Key': s,
          'X-Request-Id': s,
          'X-Forwarded-For': s,
          'Accept-Language': s,
        },
      }),
    )

    const findings: Finding[] = []
    const counts = { requests: 0, byStatus: new Map<number, number>() }
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY })
    const send = async (probe: Probe, extraHeaders: Record<string, string> = {}) => {
      const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders }
      if (probe.type) headers['Content-Type'] = probe.type
      if (probe.body !== undefined)
        headers['Content-Length'] = String(Buffer.byteLength(probe.body))
      if (probe.token && !headers.Authorization) headers.Authorization = `Bearer ${probe.token}`
      const response = await request(t.api.url, agent, probe, headers)
      const text = response.text
      counts.requests += 1
      counts.byStatus.set(response.status, (counts.byStatus.get(response.status) ?? 0) + 1)
      let json: unknown = null
      try {
        json = JSON.parse(text)
      } catch {
        json = null
      }
      const bad = response.status >= 500 || (response.status >= 400 && !hasPersianText(json))
      if (bad) findings.push({ probe, status: response.status, text: text.slice(0, 300) })
    }

    // A first slice warms everything up; the heap is measured from there.
    const warm = probes.filter((_, index) => index % 20 === 0)
    await pool(warm, CONCURRENCY, (probe) => send(probe))
    gc()
    const heapBefore = process.memoryUsage().heapUsed
    await pool(probes, CONCURRENCY, (probe) => send(probe))
    await pool(headerProbes, CONCURRENCY, (probe) => send(probe, probe.headers))
    gc()
    const heapAfter = process.memoryUsage().heapUsed

    const report = new Map<string, Finding>()
    for (const finding of findings) {
      const key = `${finding.probe.method} ${finding.probe.op} ${finding.status}`
      if (!report.has(key)) report.set(key, finding)
    }
    const summary = [...report.entries()].map(
      ([key, f]) => `${key}: ${f.probe.what.slice(0, 60)} → ${f.text}`,
    )
    expect(summary, `${findings.length} bad answers`).toEqual([])

    // Still up and answering.
    const health = await t.api.get('/api/health/')
    expect(health.status).toBeLessThan(500)
    // Generous for a GC'd heap holding pools and caches, far below a per-request leak
    // (tens of thousands of requests).
    expect((heapAfter - heapBefore) / 1024 / 1024).toBeLessThan(48)
    agent.destroy()
    const seconds = (Date.now() - started) / 1000
    const cpu = process.cpuUsage(cpuStarted)
    // CPU seconds of this process (app and client both live here): the run time on an idle
    // machine, whatever else shares the CPU while it runs.
    const cpuSeconds = (cpu.user + cpu.system) / 1e6
    console.info(
      `fuzz: ${counts.requests} requests over ${operations.length} operations in ${seconds.toFixed(1)} s` +
        ` (${cpuSeconds.toFixed(1)} s CPU);` +
        ` statuses ${JSON.stringify(Object.fromEntries(counts.byStatus))};` +
        ` heap ${((heapAfter - heapBefore) / 1024 / 1024).toFixed(1)} MB`,
    )
  }, 180_000)
})
