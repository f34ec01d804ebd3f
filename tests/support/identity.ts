import { expect, type Page } from '@playwright/test'

/**
 * Identities for the journeys (ADR 022). The sandbox identity provider matches every valid
 * national code with any mobile, card and Sheba (payments-service/src/modules/identity/README.md),
 * but one account per national code is the rule, so each journey takes a code of its own.
 */

/** Codes the sandbox answers otherwise: mismatch, no answer, HTTP 500. */
const SANDBOX_SPECIAL = new Set(['0012345679', '0098765434', '0055555500'])

/** A national code with a valid check digit (docs/product/domain.md) that no other run has used. */
export function uniqueNationalCode(): string {
  for (;;) {
    const nine =
      `${Date.now() % 1e5}`.padStart(5, '0') + `${Math.floor(Math.random() * 1e4)}`.padStart(4, '0')
    const sum = [...nine].reduce((total, digit, i) => total + Number(digit) * (10 - i), 0)
    const remainder = sum % 11
    const code = `${nine}${remainder < 2 ? remainder : 11 - remainder}`
    const middleZero = /^0+$/.test(code.slice(3, 9))
    if (!SANDBOX_SPECIAL.has(code) && !middleZero && !/^(\d)\1{9}$/.test(code)) return code
  }
}

/** Latin digits as Persian ones, as a customer types them. */
export const persianDigits = (text: string) =>
  text.replace(/\d/g, (digit) => '۰۱۲۳۴۵۶۷۸۹'[Number(digit)]!)

/** What the level-1 form asks (birth date in Jalali, as typed: Persian or Latin digits). */
export interface Level1Fields {
  firstName: string
  lastName: string
  nationalCode: string
  birthDate: string
}

/** Fills the identity page's level-1 form and sends it; the form, to read its answer. */
export async function submitLevel1(page: Page, fields: Level1Fields) {
  const form = page.getByTestId('level1-form')
  await form.getByLabel('نام', { exact: true }).fill(fields.firstName)
  await form.getByLabel('نام خانوادگی').fill(fields.lastName)
  await form.getByLabel('کد ملی').fill(fields.nationalCode)
  await form.getByLabel('تاریخ تولد (شمسی)').fill(fields.birthDate)
  await form.getByRole('button', { name: 'تأیید هویت' }).click()
  return form
}

/**
 * The signed-in customer reaches level 1 on the identity page (a code of their own), as a
 * cash-out needs (ADR 024) before it can reach staff.
 */
export async function reachLevel1(page: Page) {
  await page.goto('/dashboard/identity')
  await submitLevel1(page, {
    firstName: 'سارا',
    lastName: 'رضایی',
    nationalCode: uniqueNationalCode(),
    birthDate: '۱۳۷۰/۰۶/۱۵',
  })
  await expect(page.getByTestId('identity-level')).toHaveAttribute('data-level', '1')
}
