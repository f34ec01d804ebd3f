import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { registerNewCustomer, uniquePhone } from '../support/auth.ts'
import { persianDigits, uniqueNationalCode } from '../support/identity.ts'
import { cancelAtBank, payAtBank, placeOrder, SANDBOX_CARDS } from '../support/orders.ts'
import { approveProposal, pngFile, signInAsStaff, viewEveryPhoto } from '../support/staff.ts'
import { PHONE } from '../support/phone.ts'

// The customer's side of these journeys runs on a phone, where our customers are.
test.use(PHONE)

/**
 * Identity levels end to end (ADR 022, 024, 025): a new customer reaches level 1 (sandbox identity
 * provider), registers a card of their own, pays an order within the level's limit with it (the
 * bank refusing another card, as the token names the registered one), is refused above the limit
 * (with the way to the identity page), sends the two level-2 photos, staff approve them in the
 * review queue (each photo seen in the page's viewer, through the audited route, by both who
 * propose and who approve), and the higher limit applies.
 */

/** The sandbox bank's second paying card (sandbox-bank/cards.ts), never registered here. */
const SECOND_PAYING_CARD = '6219865000000018'

/** 5 000 dollars: above level 1's per-order limit (500 000 000 toman), within level 2's. */
const LARGE_ORDER = { typeLabel: 'شارژ حساب ارزی', siteUrl: 'wallet.example.com', amount: '5000' }

async function submitOrder(page: Page, order: typeof LARGE_ORDER) {
  await page.goto('/dashboard/new-request')
  await page.getByRole('radio', { name: order.typeLabel }).check()
  await page.getByLabel('آدرس سایت').fill(order.siteUrl)
  await page.getByLabel('نام کاربری سایت').fill('me@example.com')
  await page.getByLabel('رمز عبور سایت').fill('site-secret')
  await page.getByLabel('مبلغ ارزی').fill(order.amount)
  await expect(page.getByTestId('quote-total')).toContainText('تومان')
  await page.getByRole('button', { name: 'ثبت و پرداخت' }).click()
}

async function uploadPhoto(page: Page, kind: 'national_card' | 'selfie') {
  const form = page.getByTestId(`upload-${kind}`)
  await form.locator('input[type=file]').setInputFiles({
    name: `${kind}.png`,
    mimeType: 'image/png',
    buffer: pngFile(300_000),
  })
  // The picker speaks Persian: the chosen file's name and size, and a preview of the photo.
  await expect(form.getByTestId('file-picker-name')).toContainText(`${kind}.png`)
  await expect(form.getByTestId('file-picker-name')).toContainText('کیلوبایت')
  await expect(form.getByRole('img', { name: 'پیش‌نمایش فایل انتخاب‌شده' })).toBeVisible()
  await form.getByRole('button', { name: 'بارگذاری' }).click()
  await expect(page.getByTestId(`level2-${kind}`)).toHaveAttribute('data-uploaded', 'yes')
}

test('a customer climbs from level 0 to level 2 and the limits follow', async ({
  page,
  browser,
}) => {
  // Registration, an inquiry, a bank round trip, two uploads, a staff sign-in with its second
  // factor and a second order: well beyond the default 30 s on two busy cores.
  test.setTimeout(180_000)
  const phone = uniquePhone()
  await registerNewCustomer(page, phone, 'identity-pass-1404')

  // Level 0: the dashboard names the level and what remains today.
  await expect(page.getByTestId('identity-overview').getByTestId('identity-level')).toHaveAttribute(
    'data-level',
    '0',
  )
  await expect(page.getByTestId('identity-overview').getByTestId('today-remaining')).toContainText(
    'تومان',
  )
  await page.getByRole('link', { name: 'افزایش سقف با احراز هویت' }).click()
  await expect(page).toHaveURL(/\/dashboard\/identity$/)
  await expect(page.getByTestId('next-level')).toContainText('۵۰۰٬۰۰۰٬۰۰۰ تومان')

  // Level 1: a wrong check digit is refused beside its field, then the real code goes through.
  const nationalCode = uniqueNationalCode()
  const wrongCheckDigit = `${nationalCode.slice(0, 9)}${(Number(nationalCode[9]) + 1) % 10}`
  const level1 = page.getByTestId('level1-form')
  await level1.getByLabel('نام', { exact: true }).fill('سارا')
  await level1.getByLabel('نام خانوادگی').fill('رضایی')
  await level1.getByLabel('کد ملی').fill(wrongCheckDigit)
  await level1.getByLabel('تاریخ تولد (شمسی)').fill('۱۳۷۰/۰۶/۱۵')
  await level1.getByRole('button', { name: 'تأیید هویت' }).click()
  await expect(level1.getByText(/کد ملی معتبر نیست/)).toBeVisible()
  await level1.getByLabel('کد ملی').fill(persianDigits(nationalCode))
  await level1.getByRole('button', { name: 'تأیید هویت' }).click()
  await expect(page.getByText(/هویت شما تأیید شد/)).toBeVisible()
  await expect(page.getByTestId('identity-level')).toHaveAttribute('data-level', '1')
  await expect(page.getByTestId('identity-level1')).toContainText(
    `${nationalCode.slice(0, 3)}*****${nationalCode.slice(-2)}`,
  )

  // A card of their own, with its bank beside it; a number that fails Luhn is refused first.
  await page.getByLabel('شماره کارت بانکی').fill('6219 8610 0000 0008')
  await page.getByRole('button', { name: 'ثبت کارت' }).click()
  await expect(page.getByText(/شماره کارت معتبر نیست/)).toBeVisible()
  await page.getByLabel('شماره کارت بانکی').fill(SANDBOX_CARDS.success.replace(/(\d{4})/g, '$1 '))
  await page.getByRole('button', { name: 'ثبت کارت' }).click()
  const card = page.getByTestId('identity-card')
  await expect(card).toHaveCount(1)
  // The mask in Persian digits, as every number the customer reads.
  await expect(card).toContainText('۶۲۱۹۸۶******۰۰۰۹')
  await expect(card).toContainText('سامان')
  await expect(card.locator('[data-bank-logo="sb"]')).toHaveAttribute('aria-hidden', 'true')

  // Within the limit: paid at the bank with that card.
  await placeOrder(page, {
    typeLabel: 'شارژ حساب ارزی',
    siteUrl: 'wallet.example.com',
    amount: '100',
    credentials: { username: 'me@example.com', password: 'site-secret' },
  })
  // The token names that card (HashedCardNumber): the bank refuses another on its page, which
  // stays open for the registered one.
  await expect(page.getByTestId('card-restricted')).toBeVisible()
  await payAtBank(page, SECOND_PAYING_CARD)
  await expect(page.getByRole('alert')).toContainText(
    'پذیرنده این پرداخت را به کارت دیگری محدود کرده است',
  )
  await payAtBank(page, SANDBOX_CARDS.success)
  await expect(page).toHaveURL(/\/dashboard\/orders\/\d+\?payment=success$/)
  await expect(page.getByTestId('order-status')).toHaveText('در حال انجام')

  // Above it: the Persian reason and the way to the identity page; nothing goes to the bank.
  await submitOrder(page, LARGE_ORDER)
  await expect(page.getByRole('alert').filter({ hasText: 'سقف هر سفارش سطح ۱' })).toBeVisible()
  await expect(page.getByText(/احراز هویت سطح ۲ را کامل کنید/)).toBeVisible()
  // Beside the button that was tapped, in view, with focus; no price for the refused amount.
  await expect(page.getByTestId('form-alert')).toBeInViewport()
  await expect(page.getByTestId('form-alert')).toBeFocused()
  await expect(page.getByTestId('quote-refused')).toBeVisible()
  await expect(page.getByTestId('quote-total')).toHaveCount(0)
  await page.getByTestId('identity-limit-link').click()
  await expect(page).toHaveURL(/\/dashboard\/identity$/)

  // Level 2: both photos (with the progress bar, JavaScript on), then the request is pending.
  await uploadPhoto(page, 'national_card')
  await uploadPhoto(page, 'selfie')
  await expect(page.getByTestId('level2')).toHaveAttribute('data-status', 'pending')

  // Staff: the request waits in the queue; a photo opens through the audited route; approve.
  const staff = await signInAsStaff(browser, 'admin')
  await staff.page.goto('/staff/identity')
  await staff.page
    .getByTestId('review-row')
    .filter({ hasText: persianDigits(phone) })
    .getByRole('link')
    .click()
  await expect(staff.page.getByTestId('review-identity')).toContainText(nationalCode)
  const download = staff.page.waitForEvent('download')
  await staff.page.getByTestId('review-download-national_card').click()
  expect((await (await download).path()) ?? '').not.toBe('')
  const reviewUrl = staff.page.url()
  // Approving after opening one photo of two is refused; the page says which one is left.
  await staff.page.getByRole('button', { name: 'تأیید مدارک' }).click()
  await expect(
    staff.page.getByText(/پیش از تأیید، همهٔ مدارک این درخواست را در نمایشگر باز کنید/),
  ).toBeVisible()
  await expect(staff.page.getByTestId('review-unopened')).toContainText('عکس شما در حالی که')
  await viewEveryPhoto(staff.page)
  // The viewer enlarges and turns the photo on screen; the address keeps the view.
  const viewer = staff.page.getByTestId('document-viewer')
  await viewer.getByRole('link', { name: 'بزرگ‌نمایی' }).click()
  await expect(viewer).toHaveAttribute('data-zoom', '1')
  await expect(viewer.getByTestId('viewer-zoom')).toHaveText('۱۵۰٪')
  await viewer.getByRole('link', { name: 'چرخش ۹۰ درجه' }).click()
  await expect(viewer).toHaveAttribute('data-turn', '1')
  await expect(staff.page).toHaveURL(/zoom=1&turn=1/)
  // The review page with its viewer open, as support works in it: nothing for axe to find.
  expect((await new AxeBuilder({ page: staff.page }).analyze()).violations).toEqual([])
  await staff.page.getByRole('button', { name: 'تأیید مدارک' }).click()
  // One staff member only proposes it; a colleague approves it in «تأییدها» (four eyes), after
  // looking at both photos themselves.
  await expect(staff.page.getByText(/پس از تأیید یک همکار دیگر انجام می‌شود/)).toBeVisible()
  const colleague = await signInAsStaff(browser, 'support')
  await colleague.page.goto(reviewUrl)
  await viewEveryPhoto(colleague.page)
  await approveProposal(
    colleague.page,
    { texts: ['سطح ۲', staff.username] },
    'هر دو تصویر با داده‌های سطح ۱ می‌خواند',
  )
  await colleague.page.context().close()
  // The customer's page keeps the record: level 2, and who opened which photo.
  await staff.page.goto(reviewUrl)
  await staff.page.getByRole('link', { name: 'صفحهٔ مشتری' }).click()
  await expect(staff.page.getByTestId('staff-user-level')).toHaveText('سطح ۲')
  await expect(staff.page.getByTestId('staff-user-reveals')).toContainText(staff.username)
  await expect(staff.page.getByTestId('staff-user-card')).toContainText('621986******0009')
  await staff.page.context().close()

  // The higher limit applies at once: the same order now goes to the bank.
  await page.goto('/dashboard/identity')
  await expect(page.getByTestId('identity-level')).toHaveAttribute('data-level', '2')
  await expect(page.getByTestId('level2')).toHaveAttribute('data-status', 'approved')
  await submitOrder(page, LARGE_ORDER)
  await expect(page.getByRole('heading', { name: 'پرداخت اینترنتی' })).toBeVisible()
  await cancelAtBank(page)
  await expect(page).toHaveURL(/\/dashboard\/orders\/\d+\?payment=failed$/)
  // The failed payment names the one card the bank would take, as the card list writes it.
  await expect(page.getByTestId('payment-expected-card')).toContainText('سامان · ۶۲۱۹۸۶******۰۰۰۹')
})

test('without JavaScript every identity step is a plain form; support read the limits and the inquiry log', async ({
  browser,
}) => {
  test.setTimeout(150_000)
  // Registered with JavaScript, then the same session in a browser without it.
  const withScript = await browser.newContext()
  await registerNewCustomer(await withScript.newPage(), uniquePhone(), 'plain-pass-1404')
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await withScript.storageState(),
  })
  await withScript.close()
  const page = await context.newPage()

  await page.goto('/dashboard/identity')
  const level1 = page.getByTestId('level1-form')
  await level1.getByLabel('نام', { exact: true }).fill('Sara')
  await level1.getByLabel('نام خانوادگی').fill('Rezaei')
  await level1.getByLabel('کد ملی').fill(uniqueNationalCode())
  await level1.getByLabel('تاریخ تولد (شمسی)').fill('1404/12/30')
  await level1.getByRole('button', { name: 'تأیید هویت' }).click()
  // 1404 is no leap year: the date does not exist, and the other fields keep what was typed.
  await expect(level1.getByText(/تاریخ تولد را به شکل/)).toBeVisible()
  await expect(level1.getByLabel('نام', { exact: true })).toHaveValue('Sara')
  // A Gregorian date is answered with the calendar to use and the date converted.
  await level1.getByLabel('تاریخ تولد (شمسی)').fill('2001/03/21')
  await level1.getByRole('button', { name: 'تأیید هویت' }).click()
  await expect(level1.getByText(/به تقویم شمسی وارد کنید.*۱۳۸۰\/۰۱\/۰۱/)).toBeVisible()
  await level1.getByLabel('تاریخ تولد (شمسی)').fill('1380/01/01')
  await level1.getByRole('button', { name: 'تأیید هویت' }).click()
  await expect(page.getByTestId('identity-level')).toHaveAttribute('data-level', '1')
  await expect(page.getByTestId('identity-birth-date')).toHaveText('۱۳۸۰/۰۱/۰۱')
  // The dashboard now greets the customer by the verified name, not the phone number.
  await page.goto('/dashboard')
  await expect(page.getByTestId('greeting-name')).toHaveText('Sara')
  await page.goto('/dashboard/identity')

  // A card added and removed.
  await page.getByLabel('شماره کارت بانکی').fill(SANDBOX_CARDS.success)
  await page.getByRole('button', { name: 'ثبت کارت' }).click()
  await expect(page.getByTestId('identity-card')).toHaveCount(1)
  // Removing asks once more: the first tap only opens the question.
  await page.getByTestId('remove-card').locator('summary').click()
  await expect(page.getByTestId('identity-card')).toHaveCount(1)
  await page
    .getByTestId('identity-card')
    .getByRole('button', { name: /بله، حذف شود/ })
    .click()
  await expect(page.getByText(/کارت بانکی از فهرست کارت‌های شما حذف شد/)).toBeVisible()
  await expect(page.getByTestId('no-cards')).toBeVisible()

  // A photo as plain multipart; a file that is no image is refused beside its field.
  const form = page.getByTestId('upload-national_card')
  await form.locator('input[type=file]').setInputFiles({
    name: 'card.png',
    mimeType: 'image/png',
    buffer: Buffer.from('%PDF-1.4 not an image'),
  })
  await form.getByRole('button', { name: 'بارگذاری' }).click()
  await expect(
    page.getByTestId('upload-national_card').getByText(/فقط تصویر JPEG، PNG یا WebP/),
  ).toBeVisible()
  await page
    .getByTestId('upload-national_card')
    .locator('input[type=file]')
    .setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: pngFile() })
  await page.getByTestId('upload-national_card').getByRole('button', { name: 'بارگذاری' }).click()
  await expect(page.getByTestId('level2-national_card')).toHaveAttribute('data-uploaded', 'yes')
  await expect(page.getByTestId('level2')).toHaveAttribute('data-status', 'none')
  await context.close()

  // Support read the limits (no edit forms: admins only) and find the card inquiry in the log.
  const support = await signInAsStaff(browser, 'support', { javaScriptEnabled: false })
  await support.page.goto('/staff/identity-levels')
  await expect(support.page.getByTestId('level-row-2')).toBeVisible()
  await expect(support.page.getByTestId('level-form-1')).toHaveCount(0)
  await support.page.goto('/staff/identity/inquiries')
  await support.page.getByLabel('نوع استعلام').selectOption('card_owner')
  await support.page.getByLabel('نتیجه').selectOption('matched')
  await support.page.getByRole('button', { name: 'نمایش' }).click()
  await expect(support.page).toHaveURL(/kind=card_owner&result=matched/)
  await expect(support.page.getByRole('cell', { name: 'مالکیت کارت بانکی' }).first()).toBeVisible()
  await support.page.context().close()
})
