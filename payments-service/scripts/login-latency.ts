/**
 * Measures POST /api/auth/login/ latency (p50 of 50 sequential logins) over real HTTP against
 * real PostgreSQL, with the production argon2 parameters. Uses DATABASE_URL's server if set
 * (in a throwaway database), otherwise a throwaway embedded PostgreSQL.
 *
 *   npm run latency -w @arzpol/payments-service
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import os from 'node:os'
import { startThrowawayPostgres } from '@arzpol/devstack'
import pg from 'pg'
import { createApp } from '../src/app.ts'
import { envSchema, parseEnv } from '../src/config/env.ts'
import { migrateLatest } from '../src/db/migrate.ts'
import { createDeps } from '../src/deps.ts'
import { User } from '../src/models/user.model.ts'
import { startTestServer } from '../src/test/http.ts'

const RUNS = 50
const WARM_UP = 5
const PHONE = '09120000001'
const PASSWORD = 'latency check 1'

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN

async function main() {
  const database = `payments_latency_${randomBytes(4).toString('hex')}`
  const external = process.env.DATABASE_URL
  const embedded = external ? undefined : await startThrowawayPostgres('arzpol-latency-')
  const adminUrl = embedded ? embedded.url('postgres') : external!
  const url = new URL(adminUrl)
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${database}"`)
  url.pathname = `/${database}`

  const parsed = parseEnv(envSchema, {
    DATABASE_URL: url.toString(),
    JWT_PRIVATE_KEY: generateKeyPairSync('ed25519')
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString(),
    LOG_LEVEL: 'silent',
  })
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'))
  const deps = await createDeps(parsed.config)
  const api = await startTestServer(createApp(deps))
  try {
    await migrateLatest(deps.db)
    await User.query(deps.db).insert({
      phone: PHONE,
      username: PHONE,
      email: null,
      password_hash: await deps.passwords.hash(PASSWORD),
      role: 'customer',
    })
    const timings: number[] = []
    for (let i = 0; i < WARM_UP + RUNS; i++) {
      const started = performance.now()
      const response = await api.post('/api/auth/login/', {
        username: PHONE,
        phone: PHONE,
        password: PASSWORD,
      })
      const elapsed = performance.now() - started
      if (response.status !== 200) throw new Error(`login answered ${response.status}`)
      if (i >= WARM_UP) timings.push(elapsed)
    }
    timings.sort((a, b) => a - b)
    const { memoryCost, timeCost, parallelism } = deps.passwords.params
    console.log(
      `argon2id m=${memoryCost} KiB, t=${timeCost}, p=${parallelism}; ${RUNS} logins over HTTP on ${os.cpus().length} CPU(s)`,
    )
    console.log(
      `login p50 ${percentile(timings, 50).toFixed(1)} ms, p90 ${percentile(timings, 90).toFixed(1)} ms, max ${timings.at(-1)?.toFixed(1)} ms`,
    )
  } finally {
    await api.close()
    await deps.db.destroy()
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`)
    await admin.end()
    await embedded?.stop()
  }
}

await main()
