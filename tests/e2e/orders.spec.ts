import { expect, test } from '@playwright/test'
import { registerNewCustomer, uniquePhone } from '../support/auth.ts'
import {
  cancelAtBank,
  payAtBank,
  placeOrder,
  SANDBOX_CARDS,
  walletTopUp,
} from '../support/orders.ts'

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

  // The official receipt shows the locked rate.
  await page.getByRole('link', { name: 'رسید رسمی پرداخت' }).click()
  await expect(page.getByTestId('receipt')).toBeVisible()
  await expect(page.getByTestId('receipt-rate')).toHaveText('۱۱۵٬۰۰۰ تومان')

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

test('the new-request form shows the spec §5 messages; a deep link preselects the type', async ({
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
