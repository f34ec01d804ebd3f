import { maskPhone } from '@arzpol/contracts'
import { z } from 'zod'
import { parseEnvOrExit } from '../config/env.ts'
import { startSandboxSms } from './server.ts'

/**
 * `npm run sandbox-sms -w @arzpol/payments-service`: the sandbox SMS vendor on its own port, as
 * `npm run dev` and the end-to-end stack start it beside the services (payments-service talks to
 * it through its Kavenegar adapter). Never part of production (the real Kavenegar there).
 */
const config = parseEnvOrExit(
  z.object({
    APP_ENV: z.enum(['development', 'test', 'production']).default('development'),
    SANDBOX_SMS_HOST: z.string().min(1).default('127.0.0.1'),
    SANDBOX_SMS_PORT: z.coerce.number().int().min(0).max(65535).default(4101),
  }),
)

if (config.APP_ENV === 'production') {
  console.error('sandbox-sms: refusing to run with APP_ENV=production')
  process.exit(1)
}

const sandbox = await startSandboxSms({
  port: config.SANDBOX_SMS_PORT,
  host: config.SANDBOX_SMS_HOST,
  // The developer's phone: what each message carried (a sign-up code among them) is printed.
  onMessage: (message) =>
    console.log(
      `sms #${message.messageid} to ${maskPhone(message.receptor)}: ${message.template} ${JSON.stringify(message.tokens)}`,
    ),
})
console.log(`sandbox-sms listening on ${sandbox.url} (messages: ${sandbox.url}/sandbox/messages)`)

const stop = () => {
  void sandbox.close().then(() => process.exit(0))
}
process.once('SIGTERM', stop)
process.once('SIGINT', stop)
