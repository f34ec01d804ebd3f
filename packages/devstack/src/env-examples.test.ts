import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { cmsEnvSchema } from '../../../cms/src/env.ts'
import { envSchema as paymentsEnvSchema } from '../../../payments-service/src/config/env.ts'
import { webEnvSchema } from '../../../web/app/utils/env.server.ts'
import { devstackEnvSchema } from './env.ts'
import { createLogger } from './logger.ts'
import { generateDevSecrets } from './secrets.ts'
import { secretsFromEnv, serviceEnvironments, type StackOptions } from './stack.ts'
import { ROOT_DIR } from './workspace.ts'

/**
 * Every .env.example is checked against the zod schemas the services validate at start, rather
 * than generated from them: the examples group the variables and say why one would change them,
 * which a schema cannot; this test keeps them complete and free of variables nobody reads.
 */

type Shape = Record<string, z.ZodType>

/** The sandbox bank's two settings (its schema sits in payments-service/src/sandbox-bank/main.ts). */
const SANDBOX_BANK_KEYS = ['SANDBOX_BANK_HOST', 'SANDBOX_BANK_PORT']
/** The sandbox SMS vendor's (payments-service/src/sandbox-sms/main.ts); the launcher sets both. */
const SANDBOX_SMS_KEYS = ['SANDBOX_SMS_HOST', 'SANDBOX_SMS_PORT']

const SCHEMAS: Record<'launcher' | 'payments-service' | 'web' | 'cms', Shape> = {
  launcher: devstackEnvSchema.shape,
  'payments-service': paymentsEnvSchema.shape,
  web: webEnvSchema.shape,
  // A transform ends the cms schema: its input side holds the fields.
  cms: cmsEnvSchema.in.shape,
}

interface Entry {
  key: string
  value: string
  line: number
}

/** `KEY=value` lines, commented out (`# KEY=value`) or not; prose comments are skipped. */
function entriesOf(file: string): Entry[] {
  return readFileSync(path.join(ROOT_DIR, file), 'utf8')
    .split('\n')
    .flatMap((text, index) => {
      const match = /^(?:#\s?)?([A-Z][A-Z0-9_]*)=(.*)$/.exec(text)
      return match ? [{ key: match[1]!, value: match[2]!.trim(), line: index + 1 }] : []
    })
}

const keysOf = (entries: Entry[]) => entries.map((entry) => entry.key)
const missing = (wanted: string[], present: string[]) => wanted.filter((k) => !present.includes(k))

/** Each example value that is filled in must be one its service accepts. */
function refusedValues(entries: Entry[], shapes: Shape[]): string[] {
  return entries.flatMap(({ key, value, line }) => {
    if (value === '') return []
    return shapes
      .filter((shape) => key in shape)
      .flatMap((shape) => {
        const result = shape[key]!.safeParse(value)
        return result.success
          ? []
          : [`line ${line}: ${key}=${value}: ${result.error.issues[0]?.message}`]
      })
  })
}

describe.each([
  {
    file: 'payments-service/.env.example',
    shape: SCHEMAS['payments-service'],
    extra: [...SANDBOX_BANK_KEYS, ...SANDBOX_SMS_KEYS],
  },
  { file: 'web/.env.example', shape: SCHEMAS.web, extra: [] },
  { file: 'cms/.env.example', shape: SCHEMAS.cms, extra: [] },
])('$file', ({ file, shape, extra }) => {
  const entries = entriesOf(file)

  it('names every variable the schema reads, and only those', () => {
    const known = [...Object.keys(shape), ...extra]
    expect(missing(known, keysOf(entries)), 'missing from the example').toEqual([])
    expect(missing(keysOf(entries), known), 'read by nobody').toEqual([])
  })

  it('names each variable once, with a value the service accepts', () => {
    const keys = keysOf(entries)
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([])
    expect(refusedValues(entries, [shape])).toEqual([])
  })
})

describe('.env.example at the root (read by npm run dev, passed to every service)', () => {
  const entries = entriesOf('.env.example')
  const keys = keysOf(entries)

  // What the launcher decides itself for a service (its port, the other services' URLs): a value
  // in .env would never reach the service, so the example must not offer one.
  const sentinel = 'from-the-root-env-file'
  const everyKey = [
    ...new Set([
      ...Object.values(SCHEMAS).flatMap((shape) => Object.keys(shape)),
      ...SANDBOX_BANK_KEYS,
    ]),
  ]
  const baseEnv = Object.fromEntries(everyKey.map((key) => [key, sentinel]))
  const options: StackOptions = {
    mode: 'dev',
    dataDir: '/nowhere',
    ports: { web: 1, payments: 2, cms: 3, postgres: 4, sandboxBank: 5 },
    cmsAdmin: { email: sentinel, password: sentinel },
    baseEnv,
    logger: createLogger('test', () => undefined),
  }
  const urls = {
    web: 'http://w',
    payments: 'http://p',
    cms: 'http://c',
    cmsAdmin: '',
    staff: '',
    sandboxBank: 'http://b',
    sandboxSms: 'http://s',
    database: '',
  }
  const services = serviceEnvironments(options, urls, {
    ...generateDevSecrets(),
    ...secretsFromEnv(baseEnv),
  })
  const decidedByLauncher = new Set(
    [
      { env: services.payments, shape: SCHEMAS['payments-service'] },
      { env: services.web, shape: SCHEMAS.web },
      { env: services.cms, shape: SCHEMAS.cms },
      {
        env: services.sandboxBank,
        shape: Object.fromEntries(SANDBOX_BANK_KEYS.map((k) => [k, null])),
      },
    ].flatMap(({ env, shape }) =>
      Object.keys(shape).filter((key) => env[key as keyof typeof env] !== sentinel),
    ),
  )
  // Launcher settings that set a service's variable under the same name are the launcher's.
  for (const key of Object.keys(SCHEMAS.launcher)) decidedByLauncher.delete(key)

  it('names every launcher setting and every service variable that .env can change', () => {
    const changeable = everyKey.filter((key) => !decidedByLauncher.has(key))
    expect(missing(changeable, keys), 'missing from the example').toEqual([])
  })

  it('offers no variable that nobody reads or that the launcher overrides', () => {
    expect(missing(keys, everyKey), 'read by nobody').toEqual([])
    expect(
      keys.filter((key) => decidedByLauncher.has(key)),
      'overridden',
    ).toEqual([])
  })

  it('names each variable once, with a value the services accept', () => {
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([])
    expect(refusedValues(entries, Object.values(SCHEMAS))).toEqual([])
  })
})
