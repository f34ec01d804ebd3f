/**
 * `npm run dev`: the whole product on one machine with embedded defaults. Ctrl-C (or SIGTERM)
 * stops every service and the embedded PostgreSQL; a second run starts cleanly.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { DEFAULT_CMS_ADMIN_PASSWORD, devstackEnvSchema, parseEnvOrExit } from './env.ts'
import { createLogger } from './logger.ts'
import { describeStaffAdmin } from './staff-admin.ts'
import { startStack, type RunningStack } from './stack.ts'
import { ROOT_DIR } from './workspace.ts'

const envFile = path.join(ROOT_DIR, '.env')
if (existsSync(envFile)) process.loadEnvFile(envFile)

const env = parseEnvOrExit(devstackEnvSchema, process.env, 'npm run dev')
const logger = createLogger()
const log = logger.child('devstack')
const startedAt = Date.now()

let stack: RunningStack | undefined
let starting: Promise<RunningStack> | undefined
let stopping = false
const startup = new AbortController()

async function shutdown(code: number) {
  if (stopping) return
  stopping = true
  log.line('stopping all services…')
  if (stack) {
    await stack.stop()
  } else {
    // Still starting: cancel, and let start-up stop what it had started.
    startup.abort()
    await starting?.catch(() => undefined)
  }
  log.line('stopped.')
  process.exit(code)
}

process.on('SIGINT', () => void shutdown(0))
process.on('SIGTERM', () => void shutdown(0))

try {
  starting = startStack({
    mode: 'dev',
    dataDir: path.resolve(ROOT_DIR, env.ARZPOL_DATA_DIR),
    ports: {
      web: env.WEB_PORT,
      payments: env.PAYMENTS_PORT,
      cms: env.CMS_PORT,
      postgres: env.EMBEDDED_PG_PORT,
      sandboxBank: env.SANDBOX_BANK_PORT,
    },
    databaseUrl: env.DATABASE_URL,
    cmsAdmin: { email: env.CMS_ADMIN_EMAIL, password: env.CMS_ADMIN_PASSWORD },
    staffAdmin: { phone: env.STAFF_ADMIN_PHONE, approverPhone: env.STAFF_APPROVER_PHONE },
    baseEnv: process.env,
    logger,
    signal: startup.signal,
  })
  stack = await starting
} catch (error) {
  if (!stopping) {
    log.line(`could not start: ${error instanceof Error ? error.message : String(error)}`)
    await shutdown(1)
  }
}

if (stack) {
  const { urls } = stack
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1)
  const banner = [
    '',
    `ArzPol (ارزپل) is ready in ${seconds}s:`,
    `  site            ${urls.web}`,
    `  JSON API        ${urls.web}/api/  (payments-service ${urls.payments}, docs ${urls.payments}/api/docs/)`,
    `  sandbox bank    ${urls.sandboxBank}  (test card 6219861000000009 pays; see payments-service/README.md)`,
    `  cms admin       ${urls.cmsAdmin}  (login ${env.CMS_ADMIN_EMAIL} / ${env.CMS_ADMIN_PASSWORD === DEFAULT_CMS_ADMIN_PASSWORD ? env.CMS_ADMIN_PASSWORD : 'CMS_ADMIN_PASSWORD'})`,
    ...(process.env.APP_ENV === 'production'
      ? []
      : [
          ...describeStaffAdmin(urls.staff, stack.staffAdmin),
          ...describeStaffAdmin(urls.staff, stack.staffApprover, {
            label: '  staff approver  ',
            phoneVariable: 'STAFF_APPROVER_PHONE',
          }),
        ]),
    `  PostgreSQL      ${urls.database.replace(/:[^:@/]+@/, ':***@')}`,
    'Press Ctrl-C to stop everything.',
    '',
  ]
  for (const line of banner) log.line(line)
  stack.crashed.catch(async (error: Error) => {
    log.line(error.message)
    await shutdown(1)
  })
}
