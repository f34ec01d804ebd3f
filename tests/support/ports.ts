/**
 * Ports of the stack the end-to-end tests start. They differ from `npm run dev`'s defaults so
 * the tests can run while a developer's stack is up.
 */
import { isPortFree } from '@arzpol/devstack'

const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback)

const web = port('E2E_WEB_PORT', 3300)

export const e2ePorts = {
  web,
  payments: port('E2E_PAYMENTS_PORT', 4300),
  cms: port('E2E_CMS_PORT', 1437),
  postgres: port('E2E_PG_PORT', 54339),
  // Derived from web's port so that runs started with other ports never share a bank.
  sandboxBank: port('E2E_BANK_PORT', web + 1100),
}

/** Processes of payments-service and of web each (E2E_REPLICAS; 1 is the single-pod stack). */
export const e2eReplicas = Number(process.env.E2E_REPLICAS ?? 2)

export const e2eUrls = {
  web: `http://127.0.0.1:${e2ePorts.web}`,
  payments: `http://127.0.0.1:${e2ePorts.payments}`,
  cms: `http://127.0.0.1:${e2ePorts.cms}`,
  sandboxBank: `http://127.0.0.1:${e2ePorts.sandboxBank}`,
}

/** Ports each parallel worker owns for the stacks its specs start (support/replica-stack.ts). */
const WORKER_BLOCK = 50
let nextInBlock = 0

/**
 * A port for a process a spec starts for itself, from a block this worker alone uses, below
 * Linux's ephemeral range (32768-60999). A port the kernel hands out (`listen(0)`, a client's
 * own end of a connection) was free when picked, yet anyone could take it before the process
 * bound it seconds later, and a proxy once failed with EADDRINUSE that way. Here only this
 * worker picks in its block, one stack at a time; a port still held (by a process a killed run
 * left behind) is skipped.
 */
export async function workerPort(): Promise<number> {
  const worker = Number(process.env.TEST_PARALLEL_INDEX ?? 0)
  const first = web + 24_000 + worker * WORKER_BLOCK
  for (let tried = 0; tried < WORKER_BLOCK; tried += 1) {
    const candidate = first + (nextInBlock % WORKER_BLOCK)
    nextInBlock += 1
    if (await isPortFree(candidate)) return candidate
  }
  throw new Error(`no free port in ${first}-${first + WORKER_BLOCK - 1} (worker ${worker})`)
}
