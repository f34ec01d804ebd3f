import { expect, test } from '@playwright/test'
import { registerNewCustomer, uniquePhone } from '../support/auth.ts'
import { placeCashOut, TEST_SHEBA } from '../support/orders.ts'
import { reachLevel1 } from '../support/identity.ts'
import { PHONE } from '../support/phone.ts'

// The customer's side of these journeys runs on a phone, where our customers are.
test.use(PHONE)

const PASSWORD = 'orders-docs-1404'

/** The smallest file payments-service recognises as a PDF by its bytes. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1')

test('a cash-out customer uploads income documents without JavaScript and lists them', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  await registerNewCustomer(page, uniquePhone(), PASSWORD)
  const orderUrl = await placeCashOut(page)
  await expect(page.getByTestId('no-documents')).toBeVisible()

  // The same session in a browser that runs no scripts: the plain multipart form.
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  })
  const plain = await context.newPage()
  await plain.goto(orderUrl)
  const picker = plain.getByLabel('فایل مدرک')

  // A text file named like an image is refused by its bytes, in Persian.
  await picker.setInputFiles({
    name: 'bank-statement.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not an image at all'),
  })
  await plain.getByRole('button', { name: 'بارگذاری مدرک' }).click()
  await expect(plain.getByRole('alert')).toContainText('نوع فایل مجاز نیست')
  await expect(plain.getByTestId('no-documents')).toBeVisible()

  // Sending the form without a file says so.
  const response = await plain.request.post(orderUrl, {
    multipart: { intent: 'upload' },
    headers: { Origin: new URL(orderUrl).origin },
  })
  expect(response.status()).toBe(400)
  expect(await response.text()).toContain('فایلی برای بارگذاری انتخاب نشده است')

  // A real PDF goes through and is listed, newest last, with a working download.
  await plain.getByLabel('فایل مدرک').setInputFiles({
    name: 'صورتحساب آپورک.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  })
  await plain.getByRole('button', { name: 'بارگذاری مدرک' }).click()
  await expect(plain).toHaveURL(orderUrl)
  await expect(plain.getByText('مدرک بارگذاری شد.')).toBeVisible()
  const listed = plain.getByTestId('order-documents').getByRole('link')
  await expect(listed).toHaveCount(1)
  await expect(listed.first()).toContainText('.pdf')
  const href = await listed.first().getAttribute('href')
  expect(href).toMatch(/^\/dashboard\/orders\/\d+\/documents\/\d+$/)
  const download = await plain.request.get(href ?? '')
  expect(download.status()).toBe(200)
  expect(download.headers()['content-type']).toBe('application/pdf')
  expect(download.headers()['content-disposition']).toMatch(/^attachment/)
  expect((await download.body()).equals(PDF)).toBe(true)
  await context.close()

  // Another customer can neither see nor fetch it.
  const stranger = await browser.newContext()
  const other = await stranger.newPage()
  await registerNewCustomer(other, uniquePhone(), PASSWORD)
  expect((await other.request.get(href ?? '')).status()).toBe(404)
  await stranger.close()
})

test('a cash-out placed without a Sheba says in Persian what is missing and moves on once it is all in', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await registerNewCustomer(page, uniquePhone(), PASSWORD)
  // A cash-out needs identity level 1 (ADR 024).
  await reachLevel1(page)
  await page.goto('/dashboard/new-request')
  await page.getByRole('radio', { name: 'نقد کردن درآمد ارزی' }).check()
  await page.getByLabel('آدرس سایت').fill('https://www.upwork.com')
  await page.getByLabel('مبلغ ارزی').fill('150')
  await expect(page.getByTestId('quote-total')).toContainText('تومان')
  // No Sheba: the order is placed all the same (the non-gateway branch, docs/product/orders.md).
  await page.getByRole('button', { name: 'ثبت و پرداخت' }).click()
  await expect(page).toHaveURL(/\/dashboard\/orders$/)
  await expect(page.getByText('درخواست با موفقیت ثبت شد!')).toBeVisible()
  await page.getByTestId('order-card').first().getByRole('link').click()
  await expect(page).toHaveURL(/\/dashboard\/orders\/\d+$/)

  // It waits, pending, and says exactly what it needs.
  await expect(page.getByTestId('order-status')).toHaveText('در انتظار')
  await expect(page.getByTestId('order-stage')).toHaveText('در انتظار شماره شبا یا مدارک درآمد')
  const missing = page.getByTestId('payout-missing-items').getByRole('listitem')
  await expect(missing).toHaveText([
    'شماره شبای حسابی که ریال به آن واریز می‌شود',
    'دست‌کم یک مدرک درآمد ارزی (صورت‌حساب، رسید یا گزارش حساب)',
  ])

  // A wrong Sheba is refused in Persian; the right one (Persian digits, spaces) is taken.
  const shebaForm = page.getByTestId('sheba-form')
  await shebaForm.getByLabel('شماره شبا برای واریز ریالی').fill('IR820540102680020817909003')
  await shebaForm.getByRole('button', { name: 'ثبت شماره شبا' }).click()
  await expect(page.getByText('شماره شبا معتبر نیست (IR و ۲۴ رقم)')).toBeVisible()
  await expect(missing).toHaveCount(2)
  await page
    .getByTestId('sheba-form')
    .getByLabel('شماره شبا برای واریز ریالی')
    .fill('IR۸۲ ۰۵۴۰ ۱۰۲۶ ۸۰۰۲ ۰۸۱۷ ۹۰۹۰ ۰۲')
  await page.getByTestId('sheba-form').getByRole('button', { name: 'ثبت شماره شبا' }).click()
  await expect(page.getByText('شماره شبا ثبت شد.')).toBeVisible()
  await expect(missing).toHaveText(['دست‌کم یک مدرک درآمد ارزی (صورت‌حساب، رسید یا گزارش حساب)'])
  await expect(page.getByTestId('sheba-form')).toHaveCount(0)
  await expect(page.getByTestId('order-status')).toHaveText('در انتظار')

  // The income document is the last thing missing: the order goes on to staff.
  await page.getByLabel('فایل مدرک').setInputFiles({
    name: 'payoneer-statement.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  })
  await page.getByRole('button', { name: 'بارگذاری مدرک' }).click()
  await expect(page.getByText('مدرک بارگذاری شد.')).toBeVisible()
  await expect(page.getByTestId('payout-missing')).toHaveCount(0)
  await expect(page.getByTestId('order-status')).toHaveText('در حال انجام')
  await expect(page.getByTestId('order-stage')).toHaveText('در حال انجام')
})

test('a double-submitted new-request form places one order (Idempotency-Key)', async ({ page }) => {
  test.setTimeout(60_000)
  await registerNewCustomer(page, uniquePhone(), PASSWORD)
  await page.goto('/dashboard/new-request')
  const key = await page.locator('input[name="idempotency_key"]').getAttribute('value')
  expect(key).toMatch(/^[0-9a-f-]{36}$/)
  const origin = new URL(page.url()).origin
  const form = {
    intent: 'submit',
    idempotency_key: key ?? '',
    payment_type: 'payout',
    site_url: 'https://www.upwork.com',
    sheba: TEST_SHEBA,
    amount: '75',
    currency: 'USD',
    description: '',
    flow: 'payout',
  }
  // Two posts of the same rendered form, at the same time, as a double click without scripts.
  const [first, second] = await Promise.all([
    page.request.post('/dashboard/new-request', {
      form,
      headers: { Origin: origin },
      maxRedirects: 0,
    }),
    page.request.post('/dashboard/new-request', {
      form,
      headers: { Origin: origin },
      maxRedirects: 0,
    }),
  ])
  expect([first.status(), second.status()]).toEqual([302, 302])
  await page.goto('/dashboard/orders')
  await expect(page.getByTestId('orders-count')).toHaveText('۱ سفارش')

  // A new render has a new key: a second order is a second order.
  await page.goto('/dashboard/new-request')
  const fresh = await page.locator('input[name="idempotency_key"]').getAttribute('value')
  expect(fresh).not.toBe(key)
})
