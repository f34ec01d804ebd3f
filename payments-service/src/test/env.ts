import { TEST_PRIVATE_KEY_PEM } from './app.ts'

/** The least a development start needs: everything else has a default. */
export const MINIMAL_ENV = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/arzpol',
  JWT_PRIVATE_KEY: TEST_PRIVATE_KEY_PEM,
}

/** What infra/ sets for payments-service, with real-looking secrets filled in. */
export const PRODUCTION_ENV = {
  APP_ENV: 'production',
  DATABASE_URL: 'postgres://arzpol:secret@db.internal:5432/arzpol',
  JWT_PRIVATE_KEY: TEST_PRIVATE_KEY_PEM,
  SMS_PROVIDER: 'kavenegar',
  KAVENEGAR_API_KEY: '4f6a5a2b7c',
  KAVENEGAR_TEMPLATE: 'arzpol-otp',
  GATEWAY: 'sep',
  SEP_TERMINAL_ID: '12345678',
  CREDENTIALS_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  QUOTE_SIGNING_KEY: Buffer.alloc(32, 9).toString('base64'),
  IDEMPOTENCY_HASH_KEY: Buffer.alloc(32, 5).toString('base64'),
  WEB_PUBLIC_URL: 'https://arzpol.ir',
  WEBOTP_DOMAIN: 'arzpol.ir',
  IDENTITY_PROVIDER: 'jibit',
  JIBIT_API_KEY: 'jb-api-7c21',
  JIBIT_SECRET_KEY: 'jb-secret-9d4e',
}
