import { describe, expect, it } from 'vitest'
import { getRequest, sameOriginPost, settle, signedInJar } from '../../../tests/utils.ts'
import { action, handle, loader } from './route.tsx'

/** The back office's own sign-in: who lands here, and what it takes. */

const call = (fn: () => unknown) => settle(async () => await fn())

describe('/staff/login', () => {
  it('is the sign-in form for a visitor, in the back office chrome', async () => {
    expect(
      await call(() => loader({ request: getRequest('/staff/login'), params: {}, context: {} })),
    ).toBeNull()
    expect(handle).toEqual({ chrome: 'back-office' })
  })

  it('sends whoever is signed in on to /staff, which decides (a customer goes to the dashboard)', async () => {
    const result = await call(() =>
      loader({
        request: getRequest('/staff/login', signedInJar({ sub: '1', role: 'customer' })),
        params: {},
        context: {},
      }),
    )
    expect(result).toBeInstanceOf(Response)
    expect((result as Response).headers.get('Location')).toBe('/staff')
  })

  it('takes only the password sign-in: a registration or a tampered intent is refused in Persian', async () => {
    for (const intent of ['send-register-code', 'register', '']) {
      const result = (await call(() =>
        action({
          request: sameOriginPost('/staff/login', { intent, phone: '09121234567' }),
          params: {},
          context: {},
        }),
      )) as { data: { errors: { form: string[] } }; init: { status: number } }
      expect(result.init.status).toBe(400)
      expect(result.data.errors.form[0]).toMatch(/[\u0600-\u06FF]/)
    }
  })

  it('answers a body that is no form with a Persian 400', async () => {
    const request = new Request('http://127.0.0.1:3000/staff/login', {
      method: 'POST',
      headers: {
        'Content-Type': 'multipart/form-data; boundary=x',
        Origin: 'http://127.0.0.1:3000',
      },
      body: '--x\r\nbroken',
    })
    const result = await call(() => action({ request, params: {}, context: {} }))
    expect((result as Response).status).toBe(400)
    expect(await (result as Response).text()).toMatch(/[\u0600-\u06FF]/)
  })

  it('checks the phone and password as the customers’ form does, in Persian', async () => {
    const result = (await call(() =>
      action({
        request: sameOriginPost('/staff/login', { intent: 'login', phone: '12', password: '' }),
        params: {},
        context: {},
      }),
    )) as {
      data: { errors: { form: string[]; fields: Record<string, string[]> } }
      init: { status: number }
    }
    expect(result.init.status).toBe(400)
    const messages = [
      ...result.data.errors.form,
      ...Object.values(result.data.errors.fields).flat(),
    ]
    expect(messages.length).toBeGreaterThan(0)
    expect(messages.every((text) => /[\u0600-\u06FF]/.test(text))).toBe(true)
  })
})
