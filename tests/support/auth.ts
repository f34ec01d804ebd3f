import { expect, type Page } from '@playwright/test'

/** A phone number no other test (or earlier run against the same database) has used. */
export function uniquePhone(): string {
  const tail =
    `${Date.now() % 1e6}`.padStart(6, '0') + `${Math.floor(Math.random() * 1000)}`.padStart(3, '0')
  return `091${tail.slice(0, 8)}`
}

/** Reads the development code that the page shows when the server runs with OTP_DEV_CODES. */
export async function readDevCode(page: Page): Promise<string> {
  const code = (await page.getByTestId('dev-code').innerText()).trim()
  expect(code).toMatch(/^\d{4}$/)
  return code
}

/**
 * Registers through the landing form with the SMS code the page shows, and returns that code
 * for the tests that look for it afterwards (in logs, say).
 */
export async function registerNewCustomer(
  page: Page,
  phone: string,
  password: string,
): Promise<string> {
  await page.goto('/?auth=register')
  await page.getByLabel('شماره موبایل').fill(phone)
  await page.getByLabel('رمز عبور', { exact: true }).fill(password)
  await page.getByLabel('تکرار رمز عبور', { exact: true }).fill(password)
  await page.getByRole('checkbox', { name: /قوانین و مقررات/ }).check()
  await page.getByRole('button', { name: 'ارسال کد تایید' }).click()
  await expect(page.getByText('کد تایید ارسال شد', { exact: true })).toBeVisible()
  const code = await readDevCode(page)
  await page.getByLabel('کد تایید', { exact: true }).fill(code)
  await page.getByRole('button', { name: 'ثبت نام', exact: true }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  return code
}

export async function logIn(page: Page, phone: string, password: string) {
  await page.goto('/?auth=login')
  await page.getByLabel('شماره موبایل').fill(phone)
  await page.getByLabel('رمز عبور', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'ورود', exact: true }).click()
}
