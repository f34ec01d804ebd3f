import { describe, expect, it, vi } from 'vitest'
import { getLogger } from '~/utils/logger.server.ts'
import { loader as rootLoader } from '~/root.tsx'
import { loader as dashboardLoader } from '~/routes/dashboard/route.tsx'
import { loader as healthzLoader } from '~/routes/healthz.ts'
import { loader as loginRedirect } from '~/routes/auth.login.tsx'
import { loader as registerRedirect } from '~/routes/register.tsx'
import { resetEnvCache } from '~/utils/env.server.ts'
import { commitSession, flashCookie, otpFlowCookie } from '~/features/auth/session.server.ts'
import { startFakePayments } from '../../../tests/fake-payments.ts'
import { standInForFile } from '../../../tests/stand-in-for-file.ts'
import type { DataResult } from '../../../tests/utils.ts'
import { CookieJar, formRequest, getRequest, isDataResult, settle } from '../../../tests/utils.ts'
import type { AuthActionData } from '~/features/auth/landing-auth.server.ts'
import { action, loader } from './route.tsx'

const fake = await standInForFile(startFakePayments({ expiresIn: 120 }), 'PAYMENTS_URL', (fake) => {
  fake.requests.length = 0
  fake.failWith = null
  fake.codes.clear()
})

let counter = 0
const newPhone = () => `0935${String(1_000_000 + ++counter).slice(1)}0`.slice(0, 11)

const call = (request: Request) => ({ request, params: {}, context: {} })

/** A registration form filled in up to the code, as "send code" needs it. */
const details = (phone: string) => ({
  intent: 'send-register-code',
  phone,
  password: 'password-123',
  confirmPassword: 'password-123',
  terms: 'on',
})

async function runLoader(path: string, jar?: CookieJar) {
  return settle(() => loader(call(getRequest(path, jar))))
}

async function submit(path: string, fields: Record<string, string>, jar?: CookieJar) {
  const result = await settle(() => action(call(formRequest(path, fields, jar))))
  if (result instanceof Response) jar?.apply(result)
  return result
}

function expectRedirect(result: unknown, location: string): Response {
  expect(result).toBeInstanceOf(Response)
  const response = result as Response
  expect(response.status).toBe(302)
  expect(response.headers.get('Location')).toBe(location)
  return response
}

function actionData(result: unknown): DataResult<AuthActionData> {
  if (!isDataResult<AuthActionData>(result))
    throw new Error(`expected data(), got ${String(result)}`)
  return result
}

function flashIn(jar: CookieJar) {
  return flashCookie.read(getRequest('/', jar))
}

describe('landing page modes', () => {
  it('renders home by default and each mode from ?auth=', async () => {
    expect(await runLoader('/')).toMatchObject({ mode: 'home', signedIn: false, otp: null })
    expect(await runLoader('/?auth=login')).toMatchObject({ mode: 'login' })
    expect(await runLoader('/?auth=register')).toMatchObject({ mode: 'register', otp: null })
    expect(await runLoader('/?auth=forgot')).toMatchObject({ mode: 'forgot' })
    expect(await runLoader('/?auth=forgotPassword')).toMatchObject({ mode: 'forgot' })
    expect(await runLoader('/?auth=unknown')).toMatchObject({ mode: 'home' })
  })

  it('needs a sent reset code for the reset mode', async () => {
    expectRedirect(await runLoader('/?auth=reset'), '/?auth=forgot')
  })

  it('sends a signed-in visitor from the auth modes to the dashboard', async () => {
    const jar = new CookieJar().apply(
      new Headers({ 'Set-Cookie': commitSession({ access: 'a.b.c', refresh: 'r' }) }),
    )
    expectRedirect(await runLoader('/?auth=login', jar), '/dashboard')
    expect(await runLoader('/', jar)).toMatchObject({ mode: 'home', signedIn: true })
  })

  it('resolves /auth/login and /register to their modes', () => {
    expectRedirect(loginRedirect(), '/?auth=login')
    expectRedirect(registerRedirect(), '/?auth=register')
  })
})

describe('registration', () => {
  it('sends a code, shows it in development, registers and lands on the dashboard', async () => {
    const jar = new CookieJar()
    const phone = newPhone()
    const sent = await submit(
      '/?index&auth=register',
      { ...details(phone), phone: phone.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)] ?? d) },
      jar,
    )
    expectRedirect(sent, '/?auth=register')
    expect(fake.requests.at(-1)?.body).toEqual({ phone, purpose: 'register' })
    expect(flashIn(jar)?.message).toBe('کد تایید ارسال شد')

    const code = fake.codes.get(`register:${phone}`)?.code
    const view = await runLoader('/?auth=register', jar)
    expect(view).toMatchObject({
      mode: 'register',
      otp: { phone, remaining: 120, devCode: code },
    })

    const registered = await submit(
      '/?index&auth=register',
      {
        intent: 'register',
        phone,
        password: 'new-password-1',
        confirmPassword: 'new-password-1',
        code: code ?? '',
        terms: 'on',
      },
      jar,
    )
    expectRedirect(registered, '/dashboard')
    expect(flashIn(jar)?.message).toBe('ثبت نام موفق بود')
    expect(jar.get('arzpol_otp')).toBeUndefined()

    const dashboard = await dashboardLoader({
      request: getRequest('/dashboard', jar),
      params: {},
      context: {},
    })
    expect(isDataResult(dashboard) && dashboard.data).toMatchObject({ user: { username: phone } })
  })

  it('never shows the development code in production', async () => {
    const publicUrl = process.env.WEB_PUBLIC_URL
    process.env.APP_ENV = 'production'
    // The production profile refuses a public URL without https.
    process.env.WEB_PUBLIC_URL = 'https://arzpol.test'
    resetEnvCache()
    try {
      const jar = new CookieJar()
      const response = (await submit('/?index&auth=register', details(newPhone()), jar)) as Response
      // Production cookies are __Host- prefixed; the loader reads them back.
      expect(response.headers.getSetCookie().some((c) => c.startsWith('__Host-arzpol_otp='))).toBe(
        true,
      )
      expect(await runLoader('/?auth=register', jar)).toMatchObject({ otp: { devCode: null } })
    } finally {
      process.env.APP_ENV = 'test'
      if (publicUrl === undefined) delete process.env.WEB_PUBLIC_URL
      else process.env.WEB_PUBLIC_URL = publicUrl
      resetEnvCache()
    }
  })

  it('validates on the server with the same messages, echoing the phone but never a password', async () => {
    const result = actionData(
      await submit('/?index&auth=register', {
        intent: 'register',
        phone: '0912',
        password: 'password-1',
        confirmPassword: 'password-2',
        code: '12',
      }),
    )
    expect(result.init?.status).toBe(400)
    expect(result.data).toEqual({
      intent: 'register',
      phone: '0912',
      errors: {
        form: [],
        fields: {
          phone: ['شماره تلفن صحیح نمیباشد'],
          confirmPassword: ['رمز عبور و تایید آن یکسان نیستند'],
          code: ['کد تایید باید ۴ رقم باشد'],
          terms: ['قوانین را تایید کنید'],
        },
      },
    })
    expect(JSON.stringify(result.data)).not.toContain('password-1')
    expect(fake.requests).toHaveLength(0)

    const empty = actionData(
      await submit('/?index&auth=register', { intent: 'register', terms: 'on' }),
    )
    expect(empty.data.errors.form).toEqual(['لطفاً همه فیلدها را پر کنید'])

    // "Send code" checks the whole form but the code, so no SMS goes out for a hopeless form.
    const badPhone = actionData(
      await submit('/?index', { ...details('123'), confirmPassword: 'x' }),
    )
    expect(badPhone.data.errors).toEqual({
      form: [],
      fields: {
        phone: ['شماره تلفن صحیح نمیباشد'],
        confirmPassword: ['رمز عبور و تایید آن یکسان نیستند'],
      },
    })
    const noTerms = actionData(await submit('/?index', { ...details(newPhone()), terms: '' }))
    expect(noTerms.data.errors.fields).toEqual({ terms: ['قوانین را تایید کنید'] })
    const noPassword = actionData(await submit('/?index', { ...details(newPhone()), password: '' }))
    expect(noPassword.data.errors.form).toEqual(['لطفاً همه فیلدها را پر کنید'])
    expect(fake.requests).toHaveLength(0)

    // A resend needs only the phone.
    const resendBadPhone = actionData(
      await submit('/?index', { intent: 'resend-register-code', phone: '123' }),
    )
    expect(resendBadPhone.data.errors.fields).toEqual({ phone: ['شماره تلفن صحیح نمیباشد'] })
  })

  it('shows the server’s field message for a wrong code', async () => {
    const jar = new CookieJar()
    const phone = newPhone()
    await submit('/?index&auth=register', details(phone), jar)
    const result = actionData(
      await submit(
        '/?index&auth=register',
        {
          intent: 'register',
          phone,
          password: 'password-1',
          confirmPassword: 'password-1',
          code: '0000',
          terms: 'on',
        },
        jar,
      ),
    )
    expect(result.init?.status).toBe(400)
    expect(result.data.errors).toEqual({
      form: [],
      fields: { code: ['کد تایید نامعتبر یا منقضی شده است'] },
    })
  })

  it('restarts the countdown from retry_after when a resend comes too early', async () => {
    const jar = new CookieJar()
    const phone = newPhone()
    await submit('/?index&auth=register', details(phone), jar)
    const result = actionData(
      await submit('/?index&auth=register', { intent: 'resend-register-code', phone }, jar),
    )
    expect(result.init?.status).toBe(429)
    expect(result.data.errors.form[0]).toMatch(/^لطفاً \d+ ثانیه دیگر دوباره تلاش کنید\.$/)
    expect(result.data.otp).toMatchObject({ phone, remaining: expect.any(Number) })
    expect(result.data.otp?.remaining).toBeGreaterThan(100)
    // The refreshed flow cookie goes to the browser too.
    const headers = new Headers(result.init?.headers)
    expect(headers.getSetCookie()[0]).toMatch(/^arzpol_otp=v1\./)
  })

  it('falls back to the spec’s messages when payments-service is unreachable', async () => {
    vi.spyOn(getLogger(), 'error').mockImplementation(() => {})
    process.env.PAYMENTS_URL = 'http://127.0.0.1:1'
    resetEnvCache()
    const sent = actionData(await submit('/?index', details(newPhone())))
    expect(sent.data.errors.form).toEqual(['ارسال کد تایید ناموفق بود'])
    expect(sent.init?.status).toBe(502)
    const registered = actionData(
      await submit('/?index', {
        intent: 'register',
        phone: newPhone(),
        password: 'password-1',
        confirmPassword: 'password-1',
        code: '1234',
        terms: 'on',
      }),
    )
    expect(registered.data.errors.form).toEqual(['ثبت نام ناموفق بود'])
  })
})

describe('login', () => {
  it('signs in and goes to the dashboard with the success message', async () => {
    const phone = newPhone()
    fake.addUser(phone, 'password-1')
    const jar = new CookieJar()
    const result = await submit(
      '/?index&auth=login',
      { intent: 'login', phone, password: 'password-1' },
      jar,
    )
    expectRedirect(result, '/dashboard')
    expect(fake.requests.at(-1)?.body).toEqual({ username: phone, phone, password: 'password-1' })
    expect(flashIn(jar)?.message).toBe('ورود موفق بود')
    expect(jar.get('arzpol_session')).toMatch(/^v1\./)
  })

  it('shows the server’s detail on a wrong password', async () => {
    const phone = newPhone()
    fake.addUser(phone, 'password-1')
    const result = actionData(await submit('/?index', { intent: 'login', phone, password: 'nope' }))
    expect(result.init?.status).toBe(401)
    expect(result.data).toEqual({
      intent: 'login',
      phone,
      errors: { form: ['شماره تلفن یا رمز عبور اشتباه است'], fields: {} },
    })
  })

  it('falls back to ورود ناموفق بود without a server message', async () => {
    fake.failWith = { status: 500, body: 'oops' }
    const result = actionData(
      await submit('/?index', { intent: 'login', phone: newPhone(), password: 'x' }),
    )
    expect(result.init?.status).toBe(502)
    expect(result.data.errors.form).toEqual(['ورود ناموفق بود'])
  })

  it('asks for phone and password', async () => {
    const result = actionData(await submit('/?index', { intent: 'login', phone: '', password: '' }))
    expect(result.data.errors).toEqual({ form: ['شماره تلفن و رمز عبور را وارد کنید'], fields: {} })
  })
})

describe('forgotten password', () => {
  it('sends a reset code, changes the password and returns to login with the phone filled in', async () => {
    const phone = newPhone()
    fake.addUser(phone, 'old-password')
    const jar = new CookieJar()

    expectRedirect(
      await submit('/?index&auth=forgot', { intent: 'send-reset-code', phone }, jar),
      '/?auth=reset',
    )
    expect(fake.requests.at(-1)?.body).toEqual({ phone, purpose: 'reset' })
    const code = fake.codes.get(`reset:${phone}`)?.code ?? ''
    expect(await runLoader('/?auth=reset', jar)).toMatchObject({
      mode: 'reset',
      otp: { phone, devCode: code },
    })
    // The register form does not pick up a reset flow.
    expect(await runLoader('/?auth=register', jar)).toMatchObject({ otp: null })

    const mismatch = actionData(
      await submit(
        '/?index&auth=reset',
        {
          intent: 'reset-password',
          code,
          password: 'new-password',
          confirmPassword: 'other-password',
        },
        jar,
      ),
    )
    expect(mismatch.data.errors.fields).toEqual({
      confirmPassword: ['رمز جدید و تایید آن یکسان نیستند'],
    })

    const wrongCode = actionData(
      await submit(
        '/?index&auth=reset',
        {
          intent: 'reset-password',
          code: code === '1111' ? '2222' : '1111',
          password: 'new-password',
          confirmPassword: 'new-password',
        },
        jar,
      ),
    )
    expect(wrongCode.data.errors.fields).toEqual({ code: ['کد تایید نامعتبر یا منقضی شده است'] })

    const done = await submit(
      '/?index&auth=reset',
      {
        intent: 'reset-password',
        code: code.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)] ?? d),
        password: 'new-password',
        confirmPassword: 'new-password',
      },
      jar,
    )
    expectRedirect(done, '/?auth=login')
    expect(fake.requests.at(-1)?.body).toEqual({ phone, code, new_password: 'new-password' })
    expect(flashIn(jar)).toEqual({ message: 'رمز عبور تغییر کرد. وارد شوید.', phone })
    expect(await runLoader('/?auth=login', jar)).toMatchObject({ prefillPhone: phone })

    expectRedirect(
      await submit('/?index', { intent: 'login', phone, password: 'new-password' }, jar),
      '/dashboard',
    )
  })

  it('uses the forgot-mode wording for a bad phone', async () => {
    const result = actionData(
      await submit('/?index&auth=forgot', { intent: 'send-reset-code', phone: '09' }),
    )
    expect(result.data.errors.fields).toEqual({ phone: ['شماره تلفن صحیح نیست'] })
  })

  it('falls back to تغییر رمز ناموفق بود', async () => {
    const jar = new CookieJar().apply(
      new Headers({
        'Set-Cookie': otpFlowCookie.serialize({
          purpose: 'reset',
          phone: newPhone(),
          sentAt: Date.now(),
          resendAfter: 120,
        }),
      }),
    )
    fake.failWith = { status: 400, body: {} }
    const result = actionData(
      await submit(
        '/?index&auth=reset',
        {
          intent: 'reset-password',
          code: '1234',
          password: 'new-password',
          confirmPassword: 'new-password',
        },
        jar,
      ),
    )
    expect(result.data.errors.form).toEqual(['تغییر رمز ناموفق بود'])
  })

  it('sends a reset without a pending code back to the forgot mode', async () => {
    expectRedirect(
      await submit('/?index&auth=reset', {
        intent: 'reset-password',
        code: '1234',
        password: 'x',
        confirmPassword: 'x',
      }),
      '/?auth=forgot',
    )
    expectRedirect(
      await submit('/?index&auth=reset', { intent: 'resend-reset-code' }),
      '/?auth=forgot',
    )
  })

  it('resends the reset code to the phone of the flow, not one from the form', async () => {
    const phone = newPhone()
    const jar = new CookieJar().apply(
      new Headers({
        'Set-Cookie': otpFlowCookie.serialize({
          purpose: 'reset',
          phone,
          sentAt: 0,
          resendAfter: 120,
        }),
      }),
    )
    expectRedirect(
      await submit(
        '/?index&auth=reset',
        { intent: 'resend-reset-code', phone: '09999999999' },
        jar,
      ),
      '/?auth=reset',
    )
    expect(fake.requests.at(-1)?.body).toEqual({ phone, purpose: 'reset' })
  })
})

describe('root loader', () => {
  it('shows a flash message once and deletes it', async () => {
    const jar = new CookieJar().apply(
      new Headers({ 'Set-Cookie': flashCookie.serialize({ message: 'ورود موفق بود' }) }),
    )
    const result = await rootLoader(call(getRequest('/dashboard', jar)))
    expect(isDataResult(result) && result.data).toMatchObject({
      signedIn: false,
      flash: 'ورود موفق بود',
    })
    const headers = new Headers(isDataResult(result) ? result.init?.headers : undefined)
    expect(headers.getSetCookie()).toEqual([expect.stringMatching(/^arzpol_flash=; .*Max-Age=0/)])
  })

  it('knows a visitor with a session is signed in and drops an unreadable session', async () => {
    const signedIn = new CookieJar().apply(
      new Headers({ 'Set-Cookie': commitSession({ access: 'a', refresh: 'b' }) }),
    )
    const result = await rootLoader(call(getRequest('/', signedIn)))
    expect(isDataResult(result) && result.data.signedIn).toBe(true)

    const broken = new CookieJar().set('arzpol_session', 'v1.garbage')
    const cleared = await rootLoader(call(getRequest('/', broken)))
    expect(isDataResult(cleared) && cleared.data.signedIn).toBe(false)
    expect(
      new Headers(isDataResult(cleared) ? cleared.init?.headers : undefined).getSetCookie(),
    ).toEqual([expect.stringMatching(/^arzpol_session=; /)])
  })
})

describe('/healthz', () => {
  it('answers ok', async () => {
    const response = healthzLoader()
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok', service: 'web' })
  })
})
