import { expect, test } from '@playwright/test'
import { registerNewCustomer, uniquePhone } from '../support/auth.ts'
import { payAtBank, placeOrder, SANDBOX_CARDS } from '../support/orders.ts'
import { signInAsStaff } from '../support/staff.ts'

/**
 * Money you can prove (issue #15), in a real browser: a customer pays one order twice from two
 * tabs; the second payment is given back by the bank, and the order page says so in Persian.
 * Staff open "money to return" and download the day's reconciliation for the accountants.
 */
test('an order paid twice: the customer sees the second payment coming back; staff reconcile the day', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  await registerNewCustomer(page, uniquePhone(), 'money-back-1404')
  await placeOrder(page, {
    typeLabel: 'شارژ حساب ارزی',
    siteUrl: 'wallet.example.com',
    amount: '50',
    credentials: { username: 'me@example.com', password: 'site-secret' },
  })
  const firstTab = page

  // A second tab on the same order starts a second payment.
  const secondTab = await page.context().newPage()
  await secondTab.goto('/dashboard/orders')
  await secondTab.getByTestId('order-card').first().getByRole('link').first().click()
  await secondTab.getByRole('button', { name: 'پرداخت سفارش' }).click()
  await expect(secondTab.getByRole('heading', { name: 'پرداخت اینترنتی' })).toBeVisible()

  await payAtBank(firstTab, SANDBOX_CARDS.success)
  await expect(firstTab).toHaveURL(/\/dashboard\/orders\/\d+\?payment=success$/)
  await payAtBank(secondTab, SANDBOX_CARDS.success)
  await expect(secondTab).toHaveURL(/\/dashboard\/orders\/\d+\?payment=success$/)

  const moneyBack = secondTab.getByTestId('money-back')
  await expect(moneyBack).toBeVisible()
  await expect(moneyBack).toContainText('پرداخت تکراری')
  await expect(moneyBack).toContainText('این مبلغ به حساب شما بازگردانده شد.')
  await expect(secondTab.getByTestId('order-status')).toHaveText('در حال انجام')

  const staff = await signInAsStaff(browser)
  await staff.page.goto('/staff/money-to-return')
  await expect(staff.page.getByRole('heading', { name: 'پول برای بازگرداندن' })).toBeVisible()
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tehran' }).format(new Date())
  await staff.page.getByLabel('روز تطبیق با بانک (میلادی)').fill(today)
  const [download] = await Promise.all([
    staff.page.waitForEvent('download'),
    staff.page.getByRole('button', { name: 'دریافت گزارش تطبیق روزانه (CSV)' }).click(),
  ])
  expect(download.suggestedFilename()).toBe(`arzpol-reconciliation-${today}.csv`)
  const csv = await (await download.createReadStream()).toArray()
  const text = Buffer.concat(csv as Buffer[]).toString('utf8')
  expect(text).toContain('bank_verified_irr,ledger_captured_irr')
  expect(text).toContain(',reversed,')
  await staff.page.context().close()
})
