import { expect, test } from '@playwright/test'
import { logIn, readDevCode, registerNewCustomer, uniquePhone } from '../support/auth.ts'

test('a customer registers with an SMS code, logs out, logs in, resets the password', async ({
  page,
}) => {
  // Register, two sign-ins, a reset and two more sign-ins: six password hashes and two codes,
  // more than the default 30 s on a busy machine.
  test.setTimeout(60_000)
  const phone = uniquePhone()
  await registerNewCustomer(page, phone, 'first-pass-1404')
  await expect(page.getByText('ثبت نام موفق بود', { exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toContainText('خوش آمدید')

  await page.getByRole('button', { name: 'خروج' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('link', { name: 'ورود', exact: true })).toBeVisible()
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/\?auth=login$/)

  await logIn(page, phone, 'first-pass-1404')
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByText('ورود موفق بود', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'خروج' }).click()
  await expect(page).toHaveURL(/\/$/)

  // Forgot password: the code goes to the same phone, the new password replaces the old one.
  await page.goto('/?auth=login')
  await page.getByRole('link', { name: /فراموش/ }).click()
  // The login and forgot forms share the phone label: wait for the switch before typing.
  await expect(page).toHaveURL(/auth=forgot/)
  await expect(page.getByRole('heading', { name: 'بازیابی رمز عبور' })).toBeVisible()
  await page.getByLabel('شماره موبایل').fill(phone)
  await page.getByRole('button', { name: 'ارسال کد تایید' }).click()
  await expect(page).toHaveURL(/auth=reset/)
  await page.getByLabel('کد تایید', { exact: true }).fill(await readDevCode(page))
  await page.getByLabel('رمز عبور جدید', { exact: true }).fill('second-pass-1404')
  await page.getByLabel('تکرار رمز عبور جدید', { exact: true }).fill('second-pass-1404')
  await page.getByRole('button', { name: 'تغییر رمز عبور' }).click()
  await expect(page).toHaveURL(/auth=login/)
  await expect(page.getByText('رمز عبور تغییر کرد. وارد شوید.', { exact: true })).toBeVisible()

  await logIn(page, phone, 'first-pass-1404')
  await expect(page.getByText('شماره تلفن یا رمز عبور اشتباه است', { exact: true })).toBeVisible()
  await logIn(page, phone, 'second-pass-1404')
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('Persian digits typed in the phone field are accepted', async ({ page }) => {
  const phone = uniquePhone()
  await registerNewCustomer(page, phone, 'digits-pass-1404')
  await page.getByRole('button', { name: 'خروج' }).click()
  await expect(page).toHaveURL(/\/$/)
  const persian = phone.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!)
  await logIn(page, persian, 'digits-pass-1404')
  await expect(page).toHaveURL(/\/dashboard$/)
})

test.describe('every validation message of the product shows for its bad input', () => {
  test('login: empty form and a malformed phone', async ({ page }) => {
    await page.goto('/?auth=login')
    await page.getByRole('button', { name: 'ورود', exact: true }).click()
    await expect(
      page.getByText('شماره تلفن و رمز عبور را وارد کنید', { exact: true }),
    ).toBeVisible()

    await page.getByLabel('شماره موبایل').fill('0912')
    await page.getByLabel('رمز عبور', { exact: true }).fill('whatever-1404')
    await page.getByRole('button', { name: 'ورود', exact: true }).click()
    await expect(page.getByText('شماره تلفن صحیح نمیباشد', { exact: true })).toBeVisible()
  })

  test('register: empty fields, bad phone, mismatch, terms unticked', async ({ page }) => {
    await page.goto('/?auth=register')
    const send = page.getByRole('button', { name: 'ارسال کد تایید' })
    await send.click()
    await expect(page.getByText('لطفاً همه فیلدها را پر کنید', { exact: true })).toBeVisible()

    await page.getByLabel('شماره موبایل').fill('123')
    await page.getByLabel('رمز عبور', { exact: true }).fill('password-1404')
    await page.getByLabel('تکرار رمز عبور', { exact: true }).fill('password-1404')
    await page.getByRole('checkbox', { name: /قوانین و مقررات/ }).check()
    await send.click()
    await expect(page.getByText('شماره تلفن صحیح نمیباشد', { exact: true })).toBeVisible()

    await page.getByLabel('شماره موبایل').fill(uniquePhone())
    await page.getByLabel('تکرار رمز عبور', { exact: true }).fill('password-2404')
    await send.click()
    await expect(page.getByText('رمز عبور و تایید آن یکسان نیستند', { exact: true })).toBeVisible()

    await page.getByLabel('تکرار رمز عبور', { exact: true }).fill('password-1404')
    await page.getByRole('checkbox', { name: /قوانین و مقررات/ }).uncheck()
    await send.click()
    await expect(page.getByText('قوانین را تایید کنید', { exact: true })).toBeVisible()
  })

  test('forgot and reset: bad phone, mismatching new passwords, short code', async ({ page }) => {
    const phone = uniquePhone()
    await page.goto('/?auth=login')
    await page.getByRole('link', { name: /فراموش/ }).click()
    // The login and forgot forms share the phone label: wait for the switch before typing.
    await expect(page).toHaveURL(/auth=forgot/)
    await expect(page.getByRole('heading', { name: 'بازیابی رمز عبور' })).toBeVisible()
    await page.getByLabel('شماره موبایل').fill('09')
    await page.getByRole('button', { name: 'ارسال کد تایید' }).click()
    await expect(page.getByText('شماره تلفن صحیح نیست', { exact: true })).toBeVisible()

    // An unknown phone gets the same answer as a known one (no enumeration).
    await page.getByLabel('شماره موبایل').fill(phone)
    await page.getByRole('button', { name: 'ارسال کد تایید' }).click()
    await expect(page).toHaveURL(/auth=reset/)

    await page.getByLabel('کد تایید', { exact: true }).fill('12')
    await page.getByLabel('رمز عبور جدید', { exact: true }).fill('new-pass-1404')
    await page.getByLabel('تکرار رمز عبور جدید', { exact: true }).fill('new-pass-1404')
    await page.getByRole('button', { name: 'تغییر رمز عبور' }).click()
    await expect(page.getByText('کد تایید باید ۴ رقم باشد', { exact: true })).toBeVisible()

    await page.getByLabel('کد تایید', { exact: true }).fill('1234')
    await page.getByLabel('تکرار رمز عبور جدید', { exact: true }).fill('new-pass-2404')
    await page.getByRole('button', { name: 'تغییر رمز عبور' }).click()
    await expect(page.getByText('رمز جدید و تایید آن یکسان نیستند', { exact: true })).toBeVisible()
  })
})

test('the dashboard is closed to visitors without a session', async ({ page }) => {
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/\?auth=login$/)
})
