import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { registerNewCustomer, uniquePhone } from '../support/auth.ts'
import {
  cancelAtBank,
  payAtBank,
  placeOrder,
  SANDBOX_CARDS,
  walletTopUp,
} from '../support/orders.ts'
import { pdfText } from '../support/pdf.ts'
import { PHONE } from '../support/phone.ts'
import { countPrints } from '../support/print.ts'

// The customer's side of these journeys runs on a phone, where our customers are.
test.use(PHONE)

test('a new customer pays a top-up at the bank and sees it processing; a cancelled one failed', async ({
  page,
}) => {
  // Two bank round trips and a registration: more than the default 30 s on a busy machine.
  test.setTimeout(90_000)
  await registerNewCustomer(page, uniquePhone(), 'orders-pass-1404')

  // Persian digits in the amount, as a customer types them.
  const quoted = await placeOrder(page, walletTopUp({ amount: '۵۰', description: 'شارژ کیف پول' }))
  await expect(page.getByTestId('amount')).toContainText('ریال')
  await payAtBank(page, SANDBOX_CARDS.success)

  await expect(page).toHaveURL(/\/dashboard\/orders\/\d+\?payment=success$/)
  await expect(page.getByTestId('payment-result')).toContainText('پرداخت با موفقیت انجام شد')
  await expect(page.getByTestId('order-status')).toHaveText('در حال انجام')
  await expect(page.getByTestId('order-total')).toHaveText(quoted)
  const paidUrl = page.url()

  // The official receipt shows the locked rate, loaded as a page of its own (the server's
  // render is what prints), and the page hydrates without React throwing that render away.
  const consoleErrors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text())
  })
  const receiptHref = await page
    .getByRole('link', { name: 'رسید رسمی پرداخت' })
    .getAttribute('href')
  await page.goto(String(receiptHref))
  await expect(page.getByTestId('receipt')).toBeVisible()
  await expect(page.getByTestId('receipt-rate')).toHaveText('۱۱۵٬۰۰۰ تومان')
  // The page ships no React, and its print button still prints.
  const prints = await countPrints(page)
  await page.getByRole('button', { name: 'چاپ رسید' }).click()
  expect(await prints()).toBe(1)
  // The bank's numbers a bank or support asks for, and the paying card, masked.
  await expect(page.getByTestId('receipt-rrn')).toHaveText(/^\d{6,}$/)
  await expect(page.getByTestId('receipt-card')).toHaveText(/^\d{6}\*{6}\d{4}$/)
  // The same receipt as a PDF to keep, in Persian: one page whose text is the receipt's.
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'دریافت PDF' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^arzpol-receipt-\d+\.pdf$/)
  const pdf = await pdfText(await readFile(await download.path()))
  expect(pdf.pages).toBe(1)
  for (const shown of ['رسید', 'رسمی', 'پرداخت', 'تومان']) expect(pdf.text).toContain(shown)
  expect(pdf.text).toContain(await page.getByTestId('receipt-rrn').innerText())
  expect(pdf.text).toContain(await page.getByTestId('receipt-card').innerText())
  // Printed, it is the receipt alone: no site header, footer or buttons.
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByTestId('receipt')).toBeVisible()
  await expect(page.getByRole('banner')).toBeHidden()
  await expect(page.getByRole('button', { name: 'چاپ رسید' })).toBeHidden()
  await page.emulateMedia({ media: 'screen' })
  expect(consoleErrors.filter((text) => /hydrat/i.test(text))).toEqual([])

  // A second order, cancelled at the bank.
  await placeOrder(page, {
    typeLabel: 'پرداخت هزینه آزمون',
    siteUrl: 'https://www.ets.org',
    amount: '60.5',
  })
  await cancelAtBank(page)
  await expect(page).toHaveURL(/\/dashboard\/orders\/\d+\?payment=failed$/)
  await expect(page.getByTestId('payment-result')).toContainText('پرداخت انجام نشد')
  await expect(page.getByTestId('order-status')).toHaveText('ناموفق')
  // An order nobody paid has no receipt, as a page or a PDF.
  const failedOrder = new URL(page.url()).pathname
  for (const receipt of ['receipt', 'receipt.pdf']) {
    expect((await page.request.get(`${failedOrder}/${receipt}`)).status()).toBe(404)
  }

  // The list: both orders, newest first; the filter narrows it and is kept in the URL.
  await page.goto('/dashboard/orders')
  await expect(page.getByTestId('orders-count')).toHaveText('۲ سفارش')
  const cards = page.getByTestId('order-card')
  await expect(cards.nth(0).getByTestId('order-status')).toHaveText('ناموفق')
  await expect(cards.nth(1).getByTestId('order-status')).toHaveText('در حال انجام')
  await page.getByLabel('وضعیت').selectOption('processing')
  await page.getByRole('button', { name: 'جستجو', exact: true }).click()
  await expect(page).toHaveURL(/filter=processing/)
  await expect(cards).toHaveCount(1)
  await expect(cards.first()).toContainText('wallet.example.com')
  await page.getByLabel('جستجو', { exact: true }).fill('ets.org')
  await page.getByRole('button', { name: 'جستجو', exact: true }).click()
  await expect(page.getByText('سفارشی با این جستجو یا وضعیت پیدا نشد.')).toBeVisible()

  // The dashboard counts them.
  await page.goto('/dashboard')
  await expect(page.getByTestId('stat-processing')).toContainText('۱')
  await expect(page.getByTestId('usd-rate')).toContainText('۱۱۵٬۰۰۰ تومان')
  await page.goto(paidUrl.replace(/\?.*$/, ''))
  await expect(page.getByTestId('payment-result')).toHaveCount(0)
})

test('without JavaScript the price shows before the bank', async ({ browser }) => {
  const withScript = await browser.newContext()
  await registerNewCustomer(await withScript.newPage(), uniquePhone(), 'orders-pass-1404')
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await withScript.storageState(),
  })
  await withScript.close()
  const page = await context.newPage()
  await page.goto('/dashboard/new-request')
  await page.getByRole('radio', { name: 'پرداخت هزینه آزمون' }).check()
  await page.getByLabel('آدرس سایت').fill('https://www.ets.org')
  await page.getByLabel('مبلغ ارزی').fill('80')
  await page.getByRole('button', { name: 'ثبت و پرداخت' }).click()
  // The hand-off page: the order's price, then the customer's own tap to the bank.
  await expect(page.getByTestId('gateway-price')).toContainText('مبلغ قابل پرداخت')
  await expect(page.getByTestId('gateway-price')).toContainText('تومان')
  await page.getByRole('button', { name: 'رفتن به درگاه بانک' }).click()
  await expect(page.getByRole('heading', { name: 'پرداخت اینترنتی' })).toBeVisible()
  await context.close()
})

test('an order left at the bank is cancelled from its page, after one more question, and paid again in one tap', async ({
  page,
}) => {
  await registerNewCustomer(page, uniquePhone(), 'orders-pass-1404')
  await placeOrder(page, {
    typeLabel: 'پرداخت هزینه آزمون',
    siteUrl: 'https://www.ets.org',
    amount: '70',
  })
  // The customer leaves the bank's page and opens the order from the list.
  await page.goto('/dashboard/orders')
  await page.getByTestId('order-card').first().getByRole('link').click()
  await expect(page.getByTestId('order-stage')).toHaveText('در انتظار پرداخت')
  const cancel = page.getByTestId('cancel-order')
  await cancel.locator('summary').click()
  await expect(cancel.getByText('این سفارش لغو شود؟')).toBeVisible()
  await cancel.getByRole('button', { name: 'بله، سفارش لغو شود' }).click()
  await expect(page.getByText(/سفارش لغو شد/).first()).toBeVisible()
  await expect(page.getByTestId('order-stage')).toHaveText('لغو شد')
  // Nothing left to pay or cancel; the purchase is one tap from a new order.
  await expect(page.getByTestId('cancel-order')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'پرداخت سفارش' })).toHaveCount(0)
  await page.getByRole('link', { name: 'پرداخت مجدد' }).click()
  await expect(page.getByTestId('pay-again')).toBeVisible()
  await expect(page.getByRole('radio', { name: 'پرداخت هزینه آزمون' })).toBeChecked()
  await expect(page.getByLabel('آدرس سایت')).toHaveValue('https://www.ets.org/')
  await expect(page.getByLabel('مبلغ ارزی')).toHaveValue('70.00')
  await expect(page.getByTestId('quote-total')).toContainText('تومان')
  await page.getByRole('button', { name: 'ثبت و پرداخت' }).click()
  await expect(page.getByRole('heading', { name: 'پرداخت اینترنتی' })).toBeVisible()
})

test('the new-request form shows the product messages; a deep link preselects the type', async ({
  page,
}) => {
  await registerNewCustomer(page, uniquePhone(), 'orders-pass-1404')
  await page.goto('/dashboard?flow=subscriptions&service=adobe')
  await expect(page).toHaveURL(/\/dashboard\/new-request\?flow=subscriptions&service=adobe$/)
  await expect(page.getByRole('radio', { name: 'پرداخت اشتراک' })).toBeChecked()
  await expect(page.getByLabel('سرویس', { exact: true })).toHaveValue('adobe')

  await page.getByRole('button', { name: 'ثبت و پرداخت' }).click()
  for (const message of [
    'آدرس سایت را وارد کنید',
    'نام کاربری لازم است',
    'رمز عبور لازم است',
    'مبلغ معتبر وارد کنید',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible()
  }
  // Types without credentials hide those fields.
  await page.getByRole('radio', { name: 'دامنه و هاست' }).check()
  await expect(page.getByLabel('نام کاربری سایت')).toHaveCount(0)
})
