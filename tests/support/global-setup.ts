import { spawnSync } from 'node:child_process'
import { chmodSync, createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createLogger, startStack } from '@arzpol/devstack'
import { chromium } from '@playwright/test'
import { e2ePorts, e2eReplicas } from './ports.ts'
import { describeReplicas } from './replicas.ts'

/**
 * Starts the whole product exactly as `npm run dev` does, but from production builds and on a
 * throw-away data folder: a fresh embedded PostgreSQL (or TEST_DATABASE_URL) and a fresh cms
 * database, so every run begins from the seed content and no earlier state.
 *
 * payments-service and web run as two processes each behind round-robin proxies on their public
 * ports (E2E_REPLICAS changes how many), as a cluster runs them: every journey's requests,
 * the bank's callbacks and web's calls to payments-service alternate between the two, so a
 * journey passes only if nothing it needs lives in one process's memory.
 */
export default async function globalSetup() {
  assertBrowserAvailable()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'arzpol-e2e-'))
  // The embedded server runs as the OS user postgres when we are root; it must enter this folder.
  chmodSync(dataDir, 0o755)
  const quiet = !process.env.E2E_VERBOSE
  // Quiet runs keep the latest lines so a stack that fails to start still says why.
  const recent: string[] = []
  // Every service's output, one JSON string per log record, for the log-secrets spec.
  const stackLog = path.join(dataDir, 'stack-log.jsonl')
  const capture = createWriteStream(stackLog)
  process.env.E2E_STACK_LOG = stackLog
  const logger = createLogger('e2e', (text) => {
    capture.write(`${JSON.stringify(text)}\n`)
    if (!quiet) process.stdout.write(text)
    else void (recent.push(text), recent.length > 60 && recent.shift())
  })
  const started = Date.now()
  const stack = await startStack({
    mode: 'prod',
    dataDir,
    ports: e2ePorts,
    databaseUrl: process.env.TEST_DATABASE_URL,
    cmsAdmin: { email: 'admin@arzpol.local', password: 'ArzPol-e2e-1404' },
    baseEnv: {
      ...process.env,
      APP_ENV: 'development',
      OTP_DEV_CODES: 'true',
      // Every browser in these tests comes from 127.0.0.1; the per-IP limit has its own
      // integration tests in payments-service.
      OTP_SEND_LIMIT_PER_IP_PER_HOUR: '10000',
      // The form fuzz posts thousands of wrong codes from that one address.
      OTP_FAILURE_BUDGET_PER_IP: '10000',
      LOGIN_MAX_FAILURES_PER_IP: '10000',
      // The same one address asks every identity inquiry of the run (ADR 030's daily cap).
      IDENTITY_INQUIRY_LIMIT_PER_IP_PER_DAY: '10000',
      // Heads of the staff audit chain published during the run, so the check at its end
      // compares the chain with a head taken outside the database.
      STAFF_AUDIT_PUBLISH_SECONDS: '15',
    },
    logger,
    replicas: { payments: e2eReplicas, web: e2eReplicas },
  }).catch((error: unknown) => {
    if (quiet) process.stderr.write(`e2e: the stack's last log lines:\n${recent.join('')}`)
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  })
  console.log(`e2e: stack ready in ${((Date.now() - started) / 1000).toFixed(1)}s`)
  // Workers inherit it: tests that need staff accounts run payments-service's create-staff CLI.
  process.env.E2E_DATABASE_URL = stack.urls.database
  // Specs that start a second web instance (outages, SIGTERM) serve this same build.
  process.env.E2E_WEB_BUILD_DIR = stack.webBuildDir
  // Each replica's name, process group and own URL, for specs that reach or kill one of them
  // (support/replicas.ts).
  process.env.E2E_STACK_REPLICAS = describeReplicas([
    ...stack.services.payments,
    ...stack.services.web,
  ])

  return async () => {
    // After every browser journey, the books must balance and the staff audit chain must hold
    // (against the heads the stack published into its object store).
    const check = (script: string) => {
      const run = spawnSync('npm', ['run', '-s', script, '-w', '@arzpol/payments-service'], {
        env: {
          ...process.env,
          DATABASE_URL: stack.urls.database,
          ATTACHMENTS_DIR: path.join(dataDir, 'attachments'),
        },
        encoding: 'utf8',
      })
      process.stdout.write(run.stdout)
      process.stderr.write(run.stderr)
      return run.status === 0
    }
    const balanced = check('ledger:check')
    const chained = check('audit:verify')
    await stack.stop()
    await new Promise((resolve) => capture.end(resolve))
    rmSync(dataDir, { recursive: true, force: true })
    if (!balanced) throw new Error('e2e: the ledger does not balance after the journeys')
    if (!chained) throw new Error('e2e: the staff audit chain does not hold after the journeys')
  }
}

/** Fails early with the fix, instead of a launch error deep inside the first test. */
function assertBrowserAvailable() {
  if (existsSync('/usr/bin/chromium') || existsSync(chromium.executablePath())) return
  throw new Error(
    "No browser for the end-to-end tests: install Debian's chromium (apt-get install -y chromium) " +
      "or, with internet access, Playwright's own (npx playwright install chromium).",
  )
}
