import { z } from 'zod'
import { parseEnvOrExit } from '../config/env.ts'
import { startSandboxBank } from './server.ts'

/**
 * `npm run sandbox-bank -w @arzpol/payments-service`: the sandbox bank on its own port, as
 * `npm run dev` starts it beside the services. Never part of production (GATEWAY=sep there).
 */
const config = parseEnvOrExit(
  z.object({
    APP_ENV: z.enum(['development', 'test', 'production']).default('development'),
    SANDBOX_BANK_HOST: z.string().min(1).default('127.0.0.1'),
    SANDBOX_BANK_PORT: z.coerce.number().int().min(0).max(65535).default(4100),
    SANDBOX_TERMINAL_ID: z
      .string()
      .regex(/^\d{1,12}$/, 'must be digits')
      .default('2015'),
  }),
)

if (config.APP_ENV === 'production') {
  console.error('sandbox-bank: refusing to run with APP_ENV=production')
  process.exit(1)
}

const bank = await startSandboxBank({
  port: config.SANDBOX_BANK_PORT,
  host: config.SANDBOX_BANK_HOST,
  // Enforces the token's card (the default), as SEP does for a merchant it has enabled (ADR 024).
  terminalIds: [config.SANDBOX_TERMINAL_ID],
})
console.log(`sandbox-bank listening on ${bank.url} (terminal ${config.SANDBOX_TERMINAL_ID})`)

const stop = () => {
  void bank.close().then(() => process.exit(0))
}
process.once('SIGTERM', stop)
process.once('SIGINT', stop)
