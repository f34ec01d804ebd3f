import { expect, type Page } from '@playwright/test'
import { reachLevel1 } from './identity.ts'

/** Test cards of the sandbox bank (payments-service/src/sandbox-bank/cards.ts). */
export const SANDBOX_CARDS = {
  success: '6219861000000009',
  insufficientFunds: '6219862000000007',
  /** Pays, but the sandbox bank refuses every reversal of its payments. */
  noReversal: '6219864000000003',
} as const

export interface NewOrder {
  /** The type button's label, e.g. 'شارژ حساب ارزی'. */
  typeLabel: string
  siteUrl: string
  amount: string
  credentials?: { username: string; password: string }
  description?: string
}

/** An exam fee as the API takes it (`POST /api/payments/create/`), within a new customer's limits. */
export function examFeeOrder(description: string) {
  return {
    payment_type: 'exams',
    site_url: 'https://www.ets.org',
    amount: '50',
    currency: 'USD',
    description,
  }
}

/** The journeys' usual order: a 50-dollar top-up of a wallet, with the site's login. */
export function walletTopUp(changes: Partial<NewOrder> = {}): NewOrder {
  return {
    typeLabel: 'شارژ حساب ارزی',
    siteUrl: 'wallet.example.com',
    amount: '50',
    credentials: { username: 'me@example.com', password: 'site-secret' },
    ...changes,
  }
}

/**
 * Fills the new-request form, waits for the live quote and submits it; the browser then leaves
 * for the sandbox bank. Returns the quoted total as shown.
 */
export async function placeOrder(page: Page, order: NewOrder): Promise<string> {
  await page.goto('/dashboard/new-request')
  await page.getByRole('radio', { name: order.typeLabel }).check()
  await page.getByLabel('آدرس سایت').fill(order.siteUrl)
  if (order.credentials) {
    await page.getByLabel('نام کاربری سایت').fill(order.credentials.username)
    await page.getByLabel('رمز عبور سایت').fill(order.credentials.password)
  }
  await page.getByLabel('مبلغ ارزی').fill(order.amount)
  if (order.description) await page.getByLabel('توضیحات').fill(order.description)
  const total = page.getByTestId('quote-total')
  await expect(total).toContainText('تومان')
  const quoted = (await total.innerText()).trim()
  await page.getByRole('button', { name: 'ثبت و پرداخت' }).click()
  await expect(page.getByRole('heading', { name: 'پرداخت اینترنتی' })).toBeVisible()
  return quoted
}

/** A Sheba number the sandbox accepts, for cash-outs. */
export const TEST_SHEBA = 'IR820540102680020817909002'

/**
 * Places a cash-out of Upwork income (120 dollars unless told) with a Sheba (no bank payment:
 * the non-gateway branch) and opens it; the order page's URL.
 */
export async function placeCashOut(page: Page, dollars = '120'): Promise<string> {
  // A cash-out needs identity level 1 (ADR 024).
  await reachLevel1(page)
  await page.goto('/dashboard/new-request')
  await page.getByRole('radio', { name: 'نقد کردن درآمد ارزی' }).check()
  await page.getByLabel('آدرس سایت').fill('https://www.upwork.com')
  await page.getByLabel('شماره شبا برای واریز ریالی').fill(TEST_SHEBA)
  await page.getByLabel('مبلغ ارزی').fill(dollars)
  await expect(page.getByTestId('quote-total')).toContainText('تومان')
  await page.getByRole('button', { name: 'ثبت و پرداخت' }).click()
  await expect(page).toHaveURL(/\/dashboard\/orders$/)
  await page.getByTestId('order-card').first().getByRole('link').click()
  await expect(page).toHaveURL(/\/dashboard\/orders\/\d+$/)
  return page.url()
}

/** On the sandbox bank's page: pay with a card, or press «انصراف». */
export async function payAtBank(page: Page, card: string) {
  await page.getByLabel('شماره کارت').fill(card)
  await page.getByLabel('CVV2').fill('123')
  await page.getByRole('button', { name: 'پرداخت', exact: true }).click()
}

export async function cancelAtBank(page: Page) {
  await page.getByRole('button', { name: 'انصراف' }).click()
}

/**
 * A signed-in customer's paid top-up and a ticket about it, made through their pages as they
 * would: what a walk over the pages that show orders and tickets needs to find in them.
 */
export async function paidOrderWithTicket(
  page: Page,
): Promise<{ orderId: string; ticketId: string }> {
  await placeOrder(page, walletTopUp())
  await payAtBank(page, SANDBOX_CARDS.success)
  await expect(page).toHaveURL(/\/dashboard\/orders\/\d+\?payment=success$/)
  const orderId = /\/dashboard\/orders\/(\d+)/.exec(page.url())?.[1] ?? ''
  await page.goto(`/dashboard/tickets?new=1&order=${orderId}`)
  await page.getByLabel('عنوان', { exact: true }).fill('زمان انجام سفارش')
  await page.getByLabel('دسته‌بندی').selectOption({ label: 'پرداخت' })
  await page.getByLabel('پیام اولیه').fill('سفارش من کی انجام می‌شود؟')
  await page.getByRole('button', { name: 'ثبت تیکت' }).click()
  await expect(page).toHaveURL(/\/dashboard\/tickets\/\d+$/)
  const ticketId = /\/dashboard\/tickets\/(\d+)/.exec(page.url())?.[1] ?? ''
  return { orderId, ticketId }
}
