import { expect, test } from '@playwright/test'
import { logIn } from '../support/auth.ts'
import { nextTotpCode, signInAsStaff } from '../support/staff.ts'

/**
 * Staff sign in with a second factor (ADR 015): a new admin enrols an authenticator on
 * the first sign-in (the shared helper does it through the pages, with otplib as the app), then
 * signs in again with a recovery code, which works once and says how many remain, and with a
 * code of the app.
 */
test('staff enrol on the first sign-in, then a recovery code works once and the app code always', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const staff = await signInAsStaff(browser, 'admin')
  const { page, phone, password, recoveryCodes } = staff
  expect(new Set(recoveryCodes).size).toBe(10)
  for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/)
  // Shown once: the page is gone now.
  await page.goto('/auth/recovery-codes')
  await expect(page).toHaveURL(/\/staff$/)
  await expect(page.getByTestId('recovery-codes')).toHaveCount(0)

  const signOutAndIn = async () => {
    await page.context().clearCookies()
    await logIn(page, phone, password)
    await expect(page).toHaveURL(/\/auth\/second-factor$/)
    await expect(page.getByRole('heading', { name: 'تأیید دومرحله‌ای' })).toBeVisible()
  }
  const answer = async (code: string) => {
    await page.getByLabel('کد شش‌رقمی یا کد بازیابی').fill(code)
    await page.getByRole('button', { name: 'ورود', exact: true }).click()
  }

  await signOutAndIn()
  await answer('000000')
  await expect(page.getByRole('alert').filter({ hasText: 'کد تأیید نادرست است' })).toBeVisible()
  const [recoveryCode = ''] = recoveryCodes
  await answer(recoveryCode)
  await expect(page).toHaveURL(/\/staff$/)
  await expect(
    page.getByText('با کد بازیابی وارد شدید. ۹ کد بازیابی دیگر باقی مانده است.'),
  ).toBeVisible()
  await expect(page.getByRole('heading', { name: 'میز کار پشتیبانی' })).toBeVisible()

  await signOutAndIn()
  await answer(recoveryCode)
  await expect(page.getByRole('alert').filter({ hasText: 'کد تأیید نادرست است' })).toBeVisible()
  await answer(await nextTotpCode(phone))
  await expect(page).toHaveURL(/\/staff$/)
  await expect(page.getByRole('heading', { name: 'میز کار پشتیبانی' })).toBeVisible()
  await page.context().close()
})
