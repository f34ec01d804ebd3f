import { pino, type Logger } from 'pino'
import type { AppConfig } from './config/env.ts'

export function createLogger(config: Pick<AppConfig, 'LOG_LEVEL'>): Logger {
  return pino({
    level: config.LOG_LEVEL,
    base: { service: 'payments-service' },
    // Defence in depth: nothing should log these, but a stray object must not leak them.
    redact: {
      paths: [
        'password',
        'new_password',
        'code',
        'dev_code',
        'refresh',
        'access',
        'token',
        'authorization',
        'cookie',
        'card_number',
        'site_password',
        '*.password',
        '*.new_password',
        '*.dev_code',
        '*.refresh',
        '*.access',
        '*.token',
        '*.authorization',
        '*.cookie',
        '*.card_number',
        '*.site_password',
        'headers.authorization',
        'headers.cookie',
        'req.headers.authorization',
        'req.headers.cookie',
      ],
      censor: '[redacted]',
    },
  })
}
