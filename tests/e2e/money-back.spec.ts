import { expect, test, type Page } from '@playwright/test'
import { registerNewCustomer, uniquePhone } from '../support/auth.ts'
import { payAtBank, placeOrder, SANDBOX_CARDS, walletTopUp } from '../support/orders.ts'
import { signInAsStaff } from '../support/staff.ts'
import { PHONE } from '../support/phone.ts'

// The customer's side of these journeys runs on a phone, where our customers are.
test.use(PHONE)

/**
 * A new customer's order, at the bank's payment page in `page` (placeOrder leaves it there) and
 * in a second tab of the same browser, which starts a second payment of it. Answers that tab.
 */
async function orderAtTheBankInTwoTabs(page: Page): Promise<Page> {
  await registerNewCustomer(page, uniquePhone(), 'money-back-1404')
  await placeOrder(page, walletTopUp())
  const secondTab = await page.context().newPage()
  await secondTab.goto('/dashboard/orders')
  await secondTab.getByTestId('order-card').first().getByRole('link').first().click()
  await secondTab.getByRole('button', { name: 'پرداخت سفارش' }).click()
  await expect(secondTab.getByRole('heading', { name: 'پرداخت اینترنتی' })).toBeVisible()
  return secondTab
}
/**
 * Money you can prove (ADR 014), in a real browser: a customer pays one order twice from two
 * tabs; the second payment is given back by the bank, and the order page says so in Persian.
 * Staff open "money to return" and download the day's reconciliation for the accountants.
 */
test('an order paid twice: the customer sees the second payment coming back; staff reconcile the day', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const firstTab = page
  const secondTab = await orderAtTheBankInTwoTabs(page)

  await payAtBank(firstTab, SANDBOX_CARDS.success)
  await expect(firstTab).toHaveURL(/\/dashboard\/orders\/\d+\?payment=success$/)
  await payAtBank(secondTab, SANDBOX_CARDS.success)
  await expect(secondTab).toHaveURL(/\/dashboard\/orders\/\d+\?payment=success$/)

  const moneyBack = secondTab.getByTestId('money-back')
  await expect(moneyBack).toBeVisible()
  await expect(moneyBack).toContainText('پرداخت تکراری')
  await expect(moneyBack).toContainText('این مبلغ به کارتی که با آن پرداخت کردید بازگردانده شد.')
  await expect(secondTab.getByTestId('order-status')).toHaveText('در حال انجام')

  const staff = await signInAsStaff(browser)
  await staff.page.goto('/staff/money-to-return')
  await expect(staff.page.getByRole('heading', { name: 'پول برای بازگرداندن' })).toBeVisible()
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tehran' }).format(new Date())
  // The day is typed in the Jalali calendar and starts as yesterday, the last whole bank day.
  const dayField = staff.page.getByLabel('روز تطبیق با بانک')
  await expect(dayField).toHaveValue(jalaliInTehran(Date.now() - 86_400_000))
  const download = () =>
    Promise.all([
      staff.page.waitForEvent('download'),
      staff.page.getByRole('button', { name: 'دریافت گزارش تطبیق روزانه (CSV)' }).click(),
    ]).then(([file]) => file)
  // Without a day: the reason beside the field, no empty download.
  await dayField.fill('')
  await staff.page.getByRole('button', { name: 'دریافت گزارش تطبیق روزانه (CSV)' }).click()
  await expect(staff.page.getByText('روز گزارش تطبیق را انتخاب کنید.')).toBeVisible()
  await staff.page.getByLabel('روز تطبیق با بانک').fill(jalaliInTehran(Date.now()))
  const file = await download()
  expect(file.suggestedFilename()).toBe(`arzpol-reconciliation-${today}.csv`)
  const csv = await (await file.createReadStream()).toArray()
  const text = Buffer.concat(csv as Buffer[]).toString('utf8')
  // Persian headers for the accountants; amounts stay in rials, as on the bank's statement.
  expect(text).toContain('مبلغ تأییدشده بانک (ریال),مبلغ ثبت‌شده در دفتر (ریال)')
  expect(text).toContain(',برگشت‌خورده به کارت,')
  await staff.page.context().close()
})

test('a second payment the bank will not reverse: held for staff, returned by hand with a tracking number the customer sees', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000)
  const secondTab = await orderAtTheBankInTwoTabs(page)

  await payAtBank(page, SANDBOX_CARDS.success)
  await expect(page).toHaveURL(/\/dashboard\/orders\/\d+\?payment=success$/)
  // Paid again with the card whose reversals the bank refuses: the money stays with us.
  await payAtBank(secondTab, SANDBOX_CARDS.noReversal)
  await expect(secondTab).toHaveURL(/\/dashboard\/orders\/\d+\?payment=success$/)
  const orderId = /\/dashboard\/orders\/(\d+)/.exec(secondTab.url())?.[1]
  const moneyBack = secondTab.getByTestId('money-back')
  await expect(moneyBack).toContainText('پرداخت تکراری')
  await expect(moneyBack).toContainText('این مبلغ نزد ما است و با انتقال بانکی')

  // It can only leave by transfer: the page asks for the customer's own account, refuses a
  // mistyped Sheba beside its field and keeps the one given (unchecked below level 1).
  const accountForm = secondTab.getByTestId('refund-account-form')
  await accountForm.getByLabel('شماره شبا برای بازگشت پول').fill('IR820540102680020817909003')
  await accountForm.getByRole('button', { name: 'ثبت شماره شبا' }).click()
  await expect(secondTab.getByTestId('refund-account-form')).toContainText('شماره شبا معتبر نیست')
  await secondTab
    .getByTestId('refund-account-form')
    .getByLabel('شماره شبا برای بازگشت پول')
    .fill('IR820540102680020817909002')
  await secondTab
    .getByTestId('refund-account-form')
    .getByRole('button', { name: 'ثبت شماره شبا' })
    .click()
  await expect(secondTab.getByTestId('refund-account-sheba')).toHaveText(
    'IR820540102680020817909002',
  )
  await expect(secondTab.getByTestId('refund-account-check')).toContainText(
    'پیش از واریز بررسی می‌کنند',
  )

  // Staff find it in money to return, with why the bank did not take it back and the account.
  const { page: desk } = await signInAsStaff(browser)
  await desk.goto('/staff/money-to-return')
  const row = desk
    .getByRole('row')
    .filter({ has: desk.locator(`a[href="/staff/orders/${orderId}"]`) })
  await expect(row).toContainText('پرداخت تکراری')
  await expect(row).toContainText('بانک برگشت را نپذیرفت')
  await expect(row.getByTestId('money-to-return-sheba')).toContainText('IR820540102680020817909002')
  await expect(row.getByTestId('money-to-return-sheba')).toContainText('مالکیت را پیش از واریز')
  await row.getByLabel('توضیح (فقط برای پشتیبانی)').fill('واریز به شبای ثبت‌شده مشتری')
  await row.getByRole('button', { name: 'بازپرداخت دستی' }).click()
  await expect(row).toContainText('بازپرداخت دستی در انتظار واریز')

  // The customer now has a date to expect it by.
  await secondTab.reload()
  await expect(moneyBack).toContainText('این مبلغ با انتقال بانکی بازگردانده می‌شود.')
  await expect(secondTab.getByTestId('money-back-expected')).toContainText('زمان تقریبی واریز')

  // The transfer made, staff record its tracking number on the order.
  await row.getByRole('link', { name: 'ثبت شماره پیگیری در صفحه سفارش' }).click()
  await desk.getByLabel('شماره پیگیری بازپرداخت').fill('TR-140409-7781')
  await desk.getByRole('button', { name: 'ثبت پرداخت بازپرداخت' }).click()
  await expect(
    desk.getByRole('status').filter({ hasText: 'بازپرداخت با شماره پیگیری ثبت شد.' }),
  ).toBeVisible()
  await desk.goto('/staff/money-to-return')
  await expect(desk.locator(`a[href="/staff/orders/${orderId}"]`)).toHaveCount(0)
  await desk.context().close()

  await secondTab.reload()
  await expect(moneyBack).toContainText('این مبلغ با انتقال بانکی بازگردانده شد.')
  await expect(secondTab.getByTestId('money-back-reference')).toContainText('TR-140409-7781')
})

/** A moment's day in Tehran in the Jalali calendar, as the reconciliation field takes it. */
function jalaliInTehran(at: number): string {
  const parts = new Intl.DateTimeFormat('en-US-u-ca-persian-nu-latn', {
    timeZone: 'Asia/Tehran',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at)
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('year')}/${part('month')}/${part('day')}`
}
