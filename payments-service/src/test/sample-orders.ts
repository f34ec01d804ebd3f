/**
 * The order a customer places in the tests and in the bench: a top-up with a site login, and
 * what sets a cash-out apart from it. Plain data, so that code outside vitest (the bench) posts
 * the same order the tests do.
 */

export const validOrder = (overrides: Record<string, unknown> = {}) => ({
  payment_type: 'topup',
  site_url: 'https://wallet.example.com',
  site_username: 'ali@example.com',
  site_password: 'S3cret-pa55',
  amount: '50',
  currency: 'USD',
  description: 'شارژ کیف پول',
  meta: { flow: 'topup' },
  ...overrides,
})

/** What sets a cash-out's creation apart from `validOrder`'s top-up. */
export const PAYOUT_ORDER = {
  payment_type: 'payout',
  site_url: 'upwork.com',
  site_username: null,
  site_password: null,
  amount: '200',
  meta: { flow: 'payout' },
}
