/**
 * The phone our customers hold: 390×844 CSS pixels, touch, a mobile viewport. The customer's
 * journeys run on it (`test.use(PHONE)`), so a refusal that lands off-screen, a row that needs a
 * sideways scroll or a control a thumb cannot reach fails a test, not a customer.
 */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
} as const
