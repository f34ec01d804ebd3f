import http from 'node:http'
import { it } from '@fast-check/vitest'
import { sendRaw } from '@arzpol/test-corpus/raw-http'
import { afterAll, beforeAll, beforeEach, describe, expect } from 'vitest'
import { createApp } from '../app.ts'
import { createDeps } from '../deps.ts'
import { testConfig } from '../test/app.ts'
import {
  asText,
  bodyJson,
  Known,
  percentEncode,
  planFor,
  toJson,
  useCorpus,
  type FuzzField,
  type FuzzOperation,
  type JsonSchema,
  type Plan,
} from './arbitraries.ts'
import { MALFORMED_BODIES, naughtyStrings, operationsOf } from './openapi-fuzz.ts'
import { buildWorld, FILES, startHarness, type Harness, type World } from './world.ts'

/**
 * Generated hostile input (ADR 018). Every operation of the service's own OpenAPI document
 * (`/api/schema/`, built by `defineRoute` from the zod schemas that validate) is attacked with
 * requests generated from its schema: the right shape with hostile leaves, structural attacks
 * (duplicate keys, deep nesting, extra keys, missing fields, wrong types) and transport attacks
 * (wrong, missing or lying content types, truncated JSON and multipart, invalid UTF-8), sent as
 * anonymous, a customer, another customer and staff, with the ids of objects that exist. For
 * every request: no 5xx, a Django-REST-style error body whose messages are Persian, nothing
 * written to a business table by a refused request, no site_password echoed. At the end, a table
 * of how many requests got past validation into each handler.
 *
 * FUZZ_RUNS (cases per operation; 80 by default, `npm run fuzz` uses 1000), FUZZ_SEED (replays a
 * run; the seed is printed at the start and in every failure), FUZZ_DEBUG (prints each request
 * of the `valid` kind that was refused with 400: where the generator misses the schema).
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 80)
const SEED = process.env.FUZZ_SEED
  ? Number(process.env.FUZZ_SEED)
  : (Date.now() ^ (process.pid << 16)) | 0
/**
 * Every operation gets at least this share of its requests past validation (each can: its
 * `valid` plans). It catches a schema the generator no longer satisfies (0 of 80); the lowest
 * operations sit near 13–20 % with 80 cases, and a run swings by ±8 points: at 8 % a healthy
 * operation fell below it about one run in ten (payments_transition, the second-factor confirm,
 * identity documents), so the floor is 3 % (P ≈ 0.1 % per run for a 13 % operation).
 */
const PASS_FLOOR = 0.03

/**
 * What a refused request may write: rate-limit counters and audit records (a table, or
 * `table:OPERATION`). A wrong OTP code counts an attempt on its challenge (UPDATE), never makes one.
 */
const COUNTERS_AND_AUDIT = new Set([
  'login_attempts',
  'otp_failures',
  'otp_locks',
  'otp_challenges:UPDATE',
  'user_audit',
  // A paid identity inquiry is on record whatever its answer (ADR 022), and is counted
  // against the day's caps as soon as it is sent.
  'identity_inquiries',
  'identity_inquiry_charges',
])

/** Routes that read fields by hand instead of through a schema: the bank's callback. */
const SEP_CALLBACK_FIELDS = [
  'State',
  'Status',
  'RefNum',
  'ResNum',
  'Token',
  'TraceNo',
  'RRN',
  'SecurePan',
  'Amount',
]
const UNDECLARED: Record<string, { where: 'query' | 'body'; fields: string[] }> = {
  payments_callback_post: { where: 'body', fields: SEP_CALLBACK_FIELDS },
  payments_callback_get: { where: 'query', fields: SEP_CALLBACK_FIELDS },
}

/** The one route whose job is to show staff a customer's stored site_password. */
const SHOWS_CREDENTIALS = new Set(['staff_orders_reveal_credentials'])
const FIXTURE_SITE_PASSWORD = 'S3cret-pa55'

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string
        parameters?: Array<{ name: string; in: string; required?: boolean; schema: JsonSchema }>
        requestBody?: { content: Record<string, { schema: JsonSchema }> }
      }
    >
  >
}

/** Operations whose file must be an image (`contentMediaType: image/*`). */
const IMAGES_ONLY = new Set<string>()

/** The operations of the document, each with its inputs (path, query, body) and their schemas. */
function fuzzOperations(document: OpenApiDocument): FuzzOperation[] {
  return operationsOf(document as never).map((op) => {
    const raw = document.paths[op.path]?.[op.method.toLowerCase()]
    const content = raw?.requestBody?.content ?? {}
    const bodySchema = (content['application/json'] ?? content['multipart/form-data'])?.schema
    const required = new Set((bodySchema?.required ?? []) as string[])
    const inputs: FuzzField[] = (raw?.parameters ?? []).map((parameter) => ({
      name: parameter.name,
      where: parameter.in === 'path' ? 'path' : 'query',
      schema: parameter.schema,
      required: parameter.in === 'path' || Boolean(parameter.required),
    }))
    for (const [name, schema] of Object.entries(
      (bodySchema?.properties ?? {}) as Record<string, JsonSchema>,
    )) {
      if (schema.format === 'binary') {
        // An upload that takes images only (identity photos): its "valid" file is the PNG.
        if (schema.contentMediaType === 'image/*') IMAGES_ONLY.add(op.id)
        continue
      }
      inputs.push({ name, where: 'body', schema, required: required.has(name) })
    }
    const undeclared = UNDECLARED[op.id]
    for (const name of undeclared?.fields ?? []) {
      inputs.push({ name, where: undeclared?.where ?? 'query', schema: undefined, required: true })
    }
    const multipart = content['multipart/form-data']
      ? content['application/json']
        ? ('also' as const)
        : ('only' as const)
      : ('no' as const)
    return {
      ...op,
      inputs,
      bodySchema,
      multipart,
      formFields: undeclared?.where === 'body',
      body: undeclared?.where === 'body' ? 'json' : op.body,
    }
  })
}

/** The document, read at collection time from the app itself (no database needed for it). */
async function readDocument(): Promise<OpenApiDocument> {
  const deps = await createDeps(
    testConfig({ DATABASE_URL: 'postgres://postgres:postgres@127.0.0.1:1/none' }),
  )
  const server = http.createServer(createApp(deps).callback())
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  try {
    const { port } = server.address() as { port: number }
    const response = await fetch(`http://127.0.0.1:${port}/api/schema/`)
    return (await response.json()) as OpenApiDocument
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()))
    await deps.db.destroy()
  }
}

const OPERATIONS = fuzzOperations(await readDocument())
  // Customers' routes first, staff's last: staff actions change the fixtures the others use.
  .sort((a, b) => Number(a.access === 'staff') - Number(b.access === 'staff'))
const KNOWN_NAMES = new Set([
  'id',
  'docId',
  'message',
  'category',
  'prepared_message',
  'phone',
  'username',
  'password',
  'old_password',
  'refresh',
  'challenge',
  'sheba',
  'amount',
  'currency',
  'code',
  'site_url',
  'stage',
  'national_code',
  'card_number',
  'first_name',
  'last_name',
  'birth_date',
  'per_order_toman',
  'per_day_toman',
  'per_month_toman',
  'documentId',
  'reason',
  ...SEP_CALLBACK_FIELDS,
])
useCorpus(naughtyStrings())

// --- sending a plan ------------------------------------------------------------------------------

/**
 * Node's HTTP server refuses request heads over 16 KB (431, no body) before the app sees them:
 * the fuzz keeps its URLs well under that (ADR 018).
 */
const MAX_URL = 8_000

function resolve(value: unknown, world: World): unknown {
  if (value instanceof Known) {
    const all = world.known[value.name] ?? []
    const pattern = value.pattern ? new RegExp(value.pattern) : undefined
    const matching = pattern ? all.filter((item) => pattern.test(String(item))) : all
    const list = matching.length ? matching : all
    const found = list.length ? list[value.index % list.length] : ''
    if (value.type === 'string' && typeof found === 'number') return String(found)
    if (value.type === 'number' && typeof found === 'string' && /^\d+$/.test(found))
      return Number(found)
    return found
  }
  if (Array.isArray(value)) return value.map((item) => resolve(item, world))
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, resolve(item, world)]),
    )
  }
  if (value && typeof value === 'object' && 'entries' in value) {
    const duplicates = value as { entries: Array<[string, unknown]> }
    const copy = Object.create(Object.getPrototypeOf(value) as object) as typeof duplicates
    Object.assign(copy, {
      entries: duplicates.entries.map(([key, item]) => [key, resolve(item, world)]),
    })
    return copy
  }
  return value
}

interface Wire {
  method: string
  url: string
  headers: Record<string, string>
  body: Buffer | undefined
}

async function multipartOf(
  entries: Array<[string, unknown]>,
  file: Plan['file'],
  imagesOnly: boolean,
) {
  const form = new FormData()
  for (const [name, value] of entries) {
    for (const text of asText(value)) form.append(name, text)
  }
  const kind = imagesOnly && file?.kind === 'pdf' ? 'png' : file?.kind
  if (file && kind) form.set('file', new Blob([FILES[kind]], { type: file.type }), file.name)
  const encoded = new Response(form)
  return {
    bytes: Buffer.from(await encoded.arrayBuffer()),
    type: encoded.headers.get('content-type') ?? 'multipart/form-data',
  }
}

async function wireOf(op: FuzzOperation, plan: Plan, world: World): Promise<Wire> {
  let path = op.path
  for (const field of op.inputs.filter((input) => input.where === 'path')) {
    const value = resolve(plan.params[field.name], world)
    const text = value === undefined ? '' : (asText(value)[0] ?? '')
    path = path.replace(`{${field.name}}`, percentEncode(text).slice(0, MAX_URL / 2))
  }
  const pairs: string[] = []
  for (const [name, value] of plan.query) {
    for (const text of asText(resolve(value, world))) {
      pairs.push(`${percentEncode(name)}=${percentEncode(text)}`)
    }
  }
  let search = pairs.join('&')
  const room = Math.max(0, MAX_URL - path.length)
  if (search.length > room) search = search.slice(0, room).replace(/%[0-9A-F]?$/, '')
  const url = search ? `${path}?${search}` : path

  const headers: Record<string, string> = { Accept: 'application/json', ...plan.headers }
  const token = world.tokens[plan.identity]
  if (token) headers.Authorization = `Bearer ${token}`
  const entries =
    'entries' in plan.body
      ? plan.body.entries.map(([name, value]) => [name, resolve(value, world)] as [string, unknown])
      : null
  const json = entries ? bodyJson(entries) : toJson('whole' in plan.body ? plan.body.whole : null)
  const cut = (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length * plan.cut))
  let body: Buffer | undefined
  switch (plan.encoding) {
    case 'none':
      break
    case 'json':
      headers['Content-Type'] = 'application/json'
      body = Buffer.from(json)
      break
    case 'form':
      headers['Content-Type'] = 'application/x-www-form-urlencoded'
      body = Buffer.from(
        (entries ?? [])
          .flatMap(([name, value]) =>
            asText(value).map((text) => `${percentEncode(name)}=${percentEncode(text)}`),
          )
          .join('&'),
      )
      break
    case 'multipart':
    case 'truncated-multipart':
    case 'multipart-no-boundary': {
      const encoded = await multipartOf(entries ?? [], plan.file, IMAGES_ONLY.has(op.id))
      headers['Content-Type'] =
        plan.encoding === 'multipart-no-boundary' ? 'multipart/form-data' : encoded.type
      body = plan.encoding === 'truncated-multipart' ? cut(encoded.bytes) : encoded.bytes
      break
    }
    case 'text-plain':
      headers['Content-Type'] = 'text/plain'
      body = Buffer.from(json)
      break
    case 'no-content-type':
      body = Buffer.from(json)
      break
    case 'xml':
      headers['Content-Type'] = 'application/xml'
      body = Buffer.from(`<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>`)
      break
    case 'json-utf16':
      headers['Content-Type'] = 'application/json; charset=utf-16'
      body = Buffer.from(json, 'utf16le')
      break
    case 'truncated-json':
      headers['Content-Type'] = 'application/json'
      body = cut(Buffer.from(json))
      break
    case 'malformed': {
      const malformed =
        MALFORMED_BODIES[Math.floor(plan.cut * MALFORMED_BODIES.length)] ?? MALFORMED_BODIES[0]
      headers['Content-Type'] = malformed?.type ?? 'application/json'
      body = Buffer.from(malformed?.body ?? '{')
      break
    }
    case 'invalid-utf8': {
      headers['Content-Type'] = 'application/json'
      const bytes = Buffer.from(json)
      const at = Math.floor(bytes.length * plan.cut)
      body = Buffer.concat([
        bytes.subarray(0, at),
        Buffer.from([0xff, 0xc0, 0xed, 0xa0, 0x80]),
        bytes.subarray(at),
      ])
      break
    }
  }
  if (body) headers['Content-Length'] = String(body.length)
  return { method: op.method, url, headers, body }
}

// --- what every answer must be ---------------------------------------------------------------------

const PERSIAN = /[\u0600-\u06FF]/

/**
 * A Django-REST-style error body: `{"detail": "…", "code"?: …}` or `{"field": ["…", …]}`, every
 * message in Persian.
 */
export function drfErrorProblem(text: string): string | null {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return 'the body is not JSON'
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'the body is not an object'
  const record = body as Record<string, unknown>
  if ('detail' in record) {
    if (typeof record.detail !== 'string') return '`detail` is not a string'
    return PERSIAN.test(record.detail) ? null : '`detail` is not Persian'
  }
  const fields = Object.entries(record)
  if (fields.length === 0) return 'no messages'
  for (const [field, messages] of fields) {
    if (!Array.isArray(messages) || messages.length === 0) return `${field} is not a list`
    for (const message of messages) {
      if (typeof message !== 'string' || !PERSIAN.test(message))
        return `${field}: ${JSON.stringify(message)} is not a Persian message`
    }
  }
  return null
}

/** Strings of the request a response must never repeat: the site passwords. */
function secretsOf(plan: Plan, world: World): string[] {
  const secrets = [FIXTURE_SITE_PASSWORD]
  if ('entries' in plan.body) {
    for (const [name, value] of plan.body.entries) {
      const resolved = resolve(value, world)
      if (
        name === 'site_password' &&
        typeof resolved === 'string' &&
        /^[\x21-\x7e]{8,}$/.test(resolved)
      )
        secrets.push(resolved)
    }
  }
  return secrets
}

interface Tally {
  requests: number
  reached: number
  statuses: Map<number, number>
}
const tallies = new Map<string, Tally>(
  OPERATIONS.map((op) => [op.id, { requests: 0, reached: 0, statuses: new Map() }]),
)
let fuzzId = 0

const short = (text: string) =>
  text.length > 300 ? `${text.slice(0, 300)}… (${text.length})` : text

describe(`generated hostile input, ${OPERATIONS.length} operations × ${RUNS} cases (FUZZ_SEED=${SEED})`, () => {
  let h: Harness | undefined
  let world: World | undefined
  let users: Array<Record<string, unknown>> = []
  const started = Date.now()

  beforeAll(async () => {
    console.info(`fuzz: seed ${SEED} (FUZZ_SEED=${SEED} replays), ${RUNS} cases per operation`)
    h = await startHarness()
    world = await buildWorld(h)
    users = (await h
      .db('users')
      .select(
        'id',
        'role',
        'blocked_at',
        'closed_at',
        'password_hash',
        'password_changed_at',
      )) as Array<Record<string, unknown>>
  }, 120_000)

  // Before every generated case: the fixture users as they were (a staff case may have blocked
  // or closed the customer or taken a role away, a customer case changed a password).
  beforeEach(async () => {
    if (!h) return
    for (const user of users) {
      await h
        .db('users')
        .where({ id: user.id })
        .andWhere((q) =>
          q
            .whereNot('role', user.role as string)
            .orWhereNotNull('blocked_at')
            .orWhereNotNull('closed_at')
            .orWhereNot('password_hash', user.password_hash as string),
        )
        .update({
          role: user.role,
          blocked_at: user.blocked_at,
          closed_at: user.closed_at,
          password_hash: user.password_hash,
          password_changed_at: user.password_changed_at,
        })
    }
  })

  afterAll(async () => {
    const rows = OPERATIONS.map((op) => {
      const tally = tallies.get(op.id) as Tally
      const share = tally.requests ? tally.reached / tally.requests : 0
      const statuses = [...tally.statuses.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([status, count]) => `${status}×${count}`)
        .join(' ')
      return `${op.id.padEnd(40)} ${String(tally.requests).padStart(6)} ${`${(share * 100).toFixed(0)}%`.padStart(5)}  ${statuses}`
    })
    // Koa's reports outside an answer. Seen: "Premature close" on a file download, when the
    // client (one connection per request) closes its socket as soon as it has read the whole
    // file, before the server saw its own write finish; the client got every byte (it reads
    // to the end of a Content-Length body, or fails).
    const appErrors = new Map<string, number>()
    for (const { error } of h?.appErrors ?? [])
      appErrors.set(error.message, (appErrors.get(error.message) ?? 0) + 1)
    if (appErrors.size > 0)
      console.info(
        `fuzz: Koa reported outside an answer: ${JSON.stringify(Object.fromEntries(appErrors))}`,
      )
    const total = [...tallies.values()].reduce((sum, tally) => sum + tally.requests, 0)
    const reached = [...tallies.values()].reduce((sum, tally) => sum + tally.reached, 0)
    console.info(
      [
        `fuzz: ${total} requests over ${OPERATIONS.length} operations in ${((Date.now() - started) / 1000).toFixed(1)} s, seed ${SEED}; ${((reached / Math.max(total, 1)) * 100).toFixed(0)}% past validation`,
        `${'operation'.padEnd(40)} ${'sent'.padStart(6)} ${'past'.padStart(5)}  statuses`,
        ...rows,
      ].join('\n'),
    )
    await h?.close()
  })

  for (const op of OPERATIONS) {
    it.prop([planFor(op, KNOWN_NAMES)], { numRuns: RUNS, seed: SEED })(
      `${op.method} ${op.path} (${op.id})`,
      async (plan) => {
        if (!h || !world) throw new Error('no harness')
        const wire = await wireOf(op, plan, world)
        const id = String((fuzzId += 1))
        wire.headers['X-Fuzz-Id'] = id
        const mark = await h.writeMark()
        const answer = await sendRaw(`${h.url}${wire.url}`, wire)
        const tally = tallies.get(op.id) as Tally
        tally.requests += 1
        tally.statuses.set(answer.status, (tally.statuses.get(answer.status) ?? 0) + 1)
        if (h.reached(id)) tally.reached += 1
        const context = `${op.id} [${plan.attack}] as ${plan.identity}: ${answer.status} ${short(answer.text)} ← ${wire.method} ${short(wire.url)} ${short(wire.body?.toString('utf8') ?? '')}`

        if (process.env.FUZZ_DEBUG && plan.attack === 'valid' && answer.status === 400)
          console.info(`refused valid: ${context}`)
        expect(answer.status, context).toBeLessThan(500)
        if (answer.status >= 400) {
          expect(drfErrorProblem(answer.text), context).toBeNull()
          const written = (await h.writesSince(mark)).filter(
            (write) =>
              !COUNTERS_AND_AUDIT.has(write.tbl) &&
              !COUNTERS_AND_AUDIT.has(`${write.tbl}:${write.op}`),
          )
          expect(written, `refused, yet wrote: ${context}`).toEqual([])
        }
        if (!SHOWS_CREDENTIALS.has(op.id)) {
          for (const secret of secretsOf(plan, world)) {
            expect(answer.text.includes(secret), `site_password echoed: ${context}`).toBe(false)
          }
        }
      },
      // Long mode: each case of a slow operation (argon2 at login) may take tens of milliseconds.
      Math.max(120_000, RUNS * 300),
    )
  }

  it('sent generated requests to every operation, and enough of them got past validation', async () => {
    // The write log works (building the world wrote rows), so "wrote nothing" above means something.
    expect(await h?.writeMark()).toBeGreaterThan(100)
    const empty = OPERATIONS.filter((op) => (tallies.get(op.id)?.requests ?? 0) === 0)
    expect(empty.map((op) => op.id)).toEqual([])
    const below = OPERATIONS.flatMap((op) => {
      const tally = tallies.get(op.id) as Tally
      const share = tally.reached / tally.requests
      return share < PASS_FLOOR ? [`${op.id}: ${(share * 100).toFixed(0)}%`] : []
    })
    expect(below, `operations below ${PASS_FLOOR * 100}% past validation`).toEqual([])
  })
})
