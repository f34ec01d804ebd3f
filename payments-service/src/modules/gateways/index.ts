import type { AppConfig } from '../../config/env.ts'
import type { PaymentGateway } from './gateway.ts'
import { createSepGateway } from './sep.gateway.ts'

export * from './gateway.ts'

/** GATEWAY=sandbox → the local sandbox bank; GATEWAY=sep → Saman's real endpoints. */
export function gatewayFromConfig(config: AppConfig): PaymentGateway {
  if (config.GATEWAY === 'sep') {
    return createSepGateway({
      name: 'sep',
      baseUrl: config.SEP_BASE_URL,
      terminalId: config.SEP_TERMINAL_ID ?? '',
      timeoutMs: config.GATEWAY_TIMEOUT_MS,
      retryDelayMs: config.GATEWAY_RETRY_DELAY_MS,
    })
  }
  return createSepGateway({
    name: 'sandbox',
    baseUrl: config.SANDBOX_BANK_URL,
    terminalId: config.SANDBOX_TERMINAL_ID,
    timeoutMs: config.GATEWAY_TIMEOUT_MS,
    retryDelayMs: config.GATEWAY_RETRY_DELAY_MS,
  })
}
