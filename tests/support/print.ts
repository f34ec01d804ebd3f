import type { Page } from '@playwright/test'

/**
 * Swaps the page's print dialog (which a headless browser cannot show, and which would hold the
 * test) for a counter, and returns how to read how many times the page asked to print.
 */
export async function countPrints(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const counted = window as unknown as { printed: number }
    counted.printed = 0
    window.print = () => {
      counted.printed += 1
    }
  })
  return () => page.evaluate(() => (window as unknown as { printed: number }).printed)
}
