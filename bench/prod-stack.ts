import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createLogger, getFreePort, startStack, type RunningStack } from '@arzpol/devstack'

/**
 * A production stack for a bench: the devstack launcher in 'prod' mode, as the end-to-end tests
 * start it (production builds, the cms's seed content), on free ports and a throw-away folder
 * that `stop` removes. `scratch` is a folder inside it for the bench's own files.
 */
export async function startProdStack(
  bench: string,
): Promise<{ stack: RunningStack; scratch: string; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `arzpol-${bench}-`))
  // Embedded PostgreSQL runs as the OS user postgres when we are root: it must enter the folder.
  chmodSync(dataDir, 0o755)
  const scratch = path.join(dataDir, 'scratch')
  mkdirSync(scratch)
  const ports = {
    web: await getFreePort(),
    payments: await getFreePort(),
    cms: await getFreePort(),
    postgres: await getFreePort(),
    sandboxBank: await getFreePort(),
  }
  console.log(`${bench} bench: starting a production stack (web on ${ports.web})`)
  const started = Date.now()
  const stack = await startStack({
    mode: 'prod',
    dataDir,
    ports,
    cmsAdmin: { email: 'admin@arzpol.local', password: 'ArzPol-bench-1404' },
    baseEnv: { ...process.env, APP_ENV: 'development' },
    logger: createLogger('bench', () => undefined),
  }).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  })
  console.log(`${bench} bench: stack ready in ${((Date.now() - started) / 1000).toFixed(0)} s`)
  return {
    stack,
    scratch,
    stop: async () => {
      await stack.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
