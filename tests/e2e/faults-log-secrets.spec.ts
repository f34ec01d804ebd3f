import { randomBytes } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { logIn, registerNewCustomer, uniquePhone } from '../support/auth.ts'
import { payAtBank, placeOrder, SANDBOX_CARDS, walletTopUp } from '../support/orders.ts'
import { stackLog } from '../support/stack-log.ts'

/**
 * A full customer journey (register with an SMS code, log out, log in, order with a site
 * password, pay by card at the bank), then every line every service printed meanwhile is
 * searched for the secrets of that journey. Global setup records the stack's output
 * (E2E_STACK_LOG). The same journey also checks that the Content-Security-Policy of web lets
 * every page work: no violation is reported.
 */

// The console SMS provider and the sandbox SMS vendor are the development stand-ins for the
// customer's phone: printing the message (code included) is their whole job. Production sends
// through Kavenegar, and payments-service itself logs no text.
const isConsoleSms = (record: string) =>
  record.includes('sms (console provider)') || /\bsms #\d+ to /.test(record)

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

test('no password, code, token, cookie, site password or card number reaches any log', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000)
  const violations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text()))
      violations.push(message.text())
  })
  page.on('pageerror', (error) => violations.push(`page error: ${error.message}`))
  const logStart = stackLog().length
  // The ids web gave this page's order posts (the form itself, or Remix's `.data` fetch of it).
  // Other journeys post the same form at the same time, so the log's first such line need not
  // be this customer's.
  const orderPostIds: string[] = []
  page.on('response', (response) => {
    const request = response.request()
    const id = response.headers()['x-request-id']
    if (
      id &&
      request.method() === 'POST' &&
      /^\/dashboard\/new-request(\.data)?$/.test(new URL(request.url()).pathname)
    )
      orderPostIds.push(id)
  })
  const ofThisOrderForm = (record: string) =>
    orderPostIds.some((id) => record.includes(`request_id=${id}`))
  const phone = uniquePhone()
  const password = `Pw-${randomBytes(9).toString('base64url')}`
  const sitePassword = `Site-${randomBytes(9).toString('base64url')}`
  const card = SANDBOX_CARDS.success

  // Register with the SMS code.
  const code = await registerNewCustomer(page, phone, password)
  const cookiesAfterRegister = await context.cookies()

  // Log out and in again.
  await page.getByRole('button', { name: 'خروج' }).click()
  await expect(page).toHaveURL(/\/$/)
  await logIn(page, phone, password)
  await expect(page).toHaveURL(/\/dashboard$/)

  // An order that carries the customer's site password, paid by card.
  await placeOrder(
    page,
    walletTopUp({ credentials: { username: 'me@example.com', password: sitePassword } }),
  )
  await payAtBank(page, card)
  await expect(page).toHaveURL(/\/dashboard\/orders\/\d+\?payment=success$/)
  const cookies = [...cookiesAfterRegister, ...(await context.cookies())]

  expect(violations, 'Content-Security-Policy violations').toEqual([])

  // Background work (SMS outbox, access logs) may print a moment later.
  await page.waitForTimeout(1_000)
  const records = stackLog().slice(logStart)
  // The journey was logged at all (otherwise the search below proves nothing): web's access
  // lines and payments-service's lines, with the request id web passed on.
  expect(
    records.filter((r) => ofThisOrderForm(r) && r.includes('method=POST')),
    "web's access lines of the order form",
  ).not.toEqual([])
  // One customer action, followed across services by its request id.
  expect(
    records.some(
      (r) =>
        ofThisOrderForm(r) && r.includes('path=/api/payments/create/') && r.includes('status=201'),
    ),
    'payments-service logged the order creation with the same request id',
  ).toBe(true)

  const secrets: Array<[string, string]> = [
    ['password', password],
    ['site password', sitePassword],
    ['card number', card],
    ['card number (grouped)', card.replace(/(\d{4})(?=\d)/g, '$1 ')],
    ...cookies
      .filter((cookie) => cookie.value.length >= 16)
      .map((cookie): [string, string] => [`cookie ${cookie.name}`, cookie.value]),
  ]
  const searchable = records.filter((record) => !isConsoleSms(record))
  for (const [name, value] of secrets) {
    const leaks = searchable.filter((record) => record.includes(value))
    expect(leaks, `${name} in the logs`).toEqual([])
  }
  // Access tokens are JWTs (header.payload.signature, base64url of JSON).
  expect(searchable.filter((record) => /eyJ[\w-]{8,}\.eyJ[\w-]{8,}\./.test(record))).toEqual([])
  // A four-digit code can occur by chance (durations, ports): a leak is the code next to a
  // word that names it.
  const codeToken = new RegExp(`(?<![0-9])${escapeRegExp(code)}(?![0-9])`)
  const codeLeaks = searchable.filter(
    (record) => codeToken.test(record) && /code|otp|کد/i.test(record),
  )
  expect(codeLeaks, 'OTP code in the logs').toEqual([])
  // The one place the code may appear is the development SMS itself.
  expect(records.filter(isConsoleSms).some((record) => record.includes(code))).toBe(true)
})
