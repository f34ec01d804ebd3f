import { startFakePayments } from './fake-payments.ts'

/**
 * Runs the fake payments-service on its own for trying web by hand without the real one:
 * `npx tsx tests/serve-fake-payments.ts` then start web with PAYMENTS_URL set to the printed URL.
 */
const fake = await startFakePayments({ expiresIn: Number(process.env.EXPIRES_IN ?? 120) })
console.log(`fake payments-service listening on ${fake.url}`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void fake.close().then(() => process.exit(0)))
}
