import { randomBytes, randomInt } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { createServer } from 'node:http'
import { closeServer, listenLocally, readJson, sendJson as send } from './http-stand-in.ts'

/**
 * A real local HTTP server that imitates payments-service's auth contract (docs/product/api.md,
 * Django-REST errors), for web's loader and action tests. In memory, one instance per test file. It
 * is an imitation of the agreed contract, not of the real service: cross-service Playwright tests
 * cover the real thing.
 */

export interface FakePaymentsOptions {
  /** Seconds a code stays valid and before another may be sent (the contract's `expires_in`). */
  expiresIn?: number
  /** Whether to include `dev_code` (payments-service does only in development). */
  devCodes?: boolean
  /** Lifetime of access tokens in seconds. */
  accessTtl?: number
}

export interface RecordedRequest {
  method: string
  path: string
  headers: IncomingMessage['headers']
  body: unknown
}

interface User {
  id: number
  phone: string
  password: string
}

export interface FakePayments {
  url: string
  requests: RecordedRequest[]
  users: Map<string, User>
  codes: Map<string, { code: string; sentAt: number }>
  /** Refresh tokens ever issued, with whether they are still usable. */
  refreshTokens: Map<string, { phone: string; live: boolean }>
  /** Makes every later request fail with this status and body until cleared. */
  failWith: { status: number; body: unknown } | null
  issueTokens(phone: string, accessTtl?: number, role?: string): { access: string; refresh: string }
  addUser(phone: string, password: string): User
  close(): Promise<void>
}

const PHONE = /^09\d{9}$/

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url')
}

/** An unsigned JWT-shaped token: web only decodes `exp`, payments-service verifies. */
export function fakeJwt(payload: Record<string, unknown>): string {
  return `${base64url({ alg: 'EdDSA', typ: 'JWT' })}.${base64url(payload)}.${randomBytes(16).toString('base64url')}`
}

export async function startFakePayments(options: FakePaymentsOptions = {}): Promise<FakePayments> {
  const expiresIn = options.expiresIn ?? 120
  const devCodes = options.devCodes ?? true
  const accessTtl = options.accessTtl ?? 15 * 60
  const users = new Map<string, User>()
  const codes = new Map<string, { code: string; sentAt: number }>()
  const refreshTokens = new Map<string, { phone: string; live: boolean }>()
  const accessTokens = new Map<string, string>()
  const requests: RecordedRequest[] = []
  let nextId = 1

  const fake: FakePayments = {
    url: '',
    requests,
    users,
    codes,
    refreshTokens,
    failWith: null,
    issueTokens(phone, ttl = accessTtl, role = 'customer') {
      // Staff tokens come from a sign-in with the second factor, as payments-service's do.
      const access = fakeJwt({
        sub: phone,
        role,
        second_factor: role !== 'customer',
        exp: Math.floor(Date.now() / 1000) + ttl,
      })
      const refresh = randomBytes(24).toString('base64url')
      accessTokens.set(access, phone)
      refreshTokens.set(refresh, { phone, live: true })
      return { access, refresh }
    },
    addUser(phone, password) {
      const user = { id: nextId++, phone, password }
      users.set(phone, user)
      return user
    },
    close: () => closeServer(server),
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake')
    const body = await readJson(req)
    requests.push({ method: req.method ?? 'GET', path: url.pathname, headers: req.headers, body })
    if (fake.failWith) return send(res, fake.failWith.status, fake.failWith.body)
    const input = (body && typeof body === 'object' ? body : {}) as Record<string, string>
    const route = `${req.method} ${url.pathname}`

    switch (route) {
      case 'POST /api/auth/otp/send/': {
        if (!PHONE.test(input.phone ?? '')) {
          return send(res, 400, { phone: ['شماره تلفن صحیح نمیباشد'] })
        }
        const key = `${input.purpose}:${input.phone}`
        const previous = codes.get(key)
        const elapsed = previous ? (Date.now() - previous.sentAt) / 1000 : Infinity
        if (elapsed < expiresIn) {
          const retryAfter = Math.ceil(expiresIn - elapsed)
          return send(
            res,
            429,
            {
              detail: `لطفاً ${retryAfter} ثانیه دیگر دوباره تلاش کنید.`,
              code: 'otp_resend_too_early',
              retry_after: retryAfter,
            },
            { 'Retry-After': String(retryAfter) },
          )
        }
        const code = String(randomInt(1000, 10000))
        codes.set(key, { code, sentAt: Date.now() })
        return send(res, 200, { expires_in: expiresIn, ...(devCodes ? { dev_code: code } : {}) })
      }
      case 'POST /api/auth/register/': {
        const challenge = codes.get(`register:${input.phone}`)
        if (!challenge || challenge.code !== input.code) {
          return send(res, 400, { code: ['کد تایید نامعتبر یا منقضی شده است'] })
        }
        if ((input.password ?? '').length < 8) {
          return send(res, 400, { password: ['رمز عبور باید حداقل ۸ کاراکتر باشد'] })
        }
        if (users.has(input.phone ?? '')) {
          return send(res, 400, { detail: 'این شماره قبلاً ثبت نام کرده است' })
        }
        codes.delete(`register:${input.phone}`)
        fake.addUser(input.phone ?? '', input.password ?? '')
        return send(res, 201, fake.issueTokens(input.phone ?? ''))
      }
      case 'POST /api/auth/login/': {
        const user = users.get(input.phone ?? '')
        if (!user || user.password !== input.password || input.username !== input.phone) {
          return send(res, 401, { detail: 'شماره تلفن یا رمز عبور اشتباه است' })
        }
        return send(res, 200, fake.issueTokens(user.phone))
      }
      case 'POST /api/auth/password/reset/': {
        const challenge = codes.get(`reset:${input.phone}`)
        if (!challenge || challenge.code !== input.code) {
          return send(res, 400, { code: ['کد تایید نامعتبر یا منقضی شده است'] })
        }
        const user = users.get(input.phone ?? '')
        if (!user) return send(res, 400, { detail: 'کاربری با این شماره یافت نشد' })
        codes.delete(`reset:${input.phone}`)
        user.password = input.new_password ?? ''
        return send(res, 200, { detail: 'رمز عبور تغییر کرد' })
      }
      case 'GET /api/auth/me/': {
        const token = (req.headers.authorization ?? '').replace(/^Bearer /, '')
        const phone = accessTokens.get(token)
        const exp = phone
          ? (
              JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
                exp: number
              }
            ).exp
          : 0
        if (!phone || exp * 1000 <= Date.now()) {
          return send(res, 401, { detail: 'توکن نامعتبر است', code: 'token_not_valid' })
        }
        const user = users.get(phone)
        if (!user) return send(res, 401, { detail: 'کاربر یافت نشد' })
        return send(res, 200, { id: user.id, username: user.phone, email: null })
      }
      case 'POST /api/auth/token/refresh/': {
        const entry = refreshTokens.get(input.refresh ?? '')
        if (!entry || !entry.live) {
          // Reuse of a rotated token revokes every token of that user (the family).
          if (entry)
            for (const other of refreshTokens.values())
              if (other.phone === entry.phone) other.live = false
          return send(res, 401, { detail: 'توکن نامعتبر است', code: 'token_not_valid' })
        }
        entry.live = false
        return send(res, 200, fake.issueTokens(entry.phone))
      }
      case 'POST /api/auth/logout/': {
        const entry = refreshTokens.get(input.refresh ?? '')
        if (entry) entry.live = false
        return send(res, 204)
      }
      default:
        return send(res, 404, { detail: 'یافت نشد' })
    }
  })

  fake.url = await listenLocally(server)
  return fake
}
