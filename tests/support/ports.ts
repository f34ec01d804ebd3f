/**
 * Ports of the stack the end-to-end tests start. They differ from `npm run dev`'s defaults so
 * the tests can run while a developer's stack is up.
 */
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
