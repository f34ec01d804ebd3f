import type { Locator } from '@playwright/test'
import jsQR from 'jsqr'

/** Pixels a QR code is drawn at to be read, inside a white margin (the quiet zone readers need). */
const SIZE = 400
const MARGIN = 40

/**
 * Reads a QR code drawn as inline SVG the way a phone's camera does: from its pixels, not its
 * markup. The SVG is drawn on a canvas of a blank page (no site policy in the way) and the
 * pixels decoded with jsQR. Answers the text it holds, or null when nothing readable is there.
 */
export async function scanQrCode(svg: Locator): Promise<string | null> {
  // The element exists as soon as the parser reaches its opening tag; on a page that arrives in
  // chunks its path may not be parsed yet, and the markup read then draws an empty code.
  await svg.waitFor({ state: 'attached' })
  await svg.page().waitForLoadState('domcontentloaded')
  const markup = await svg.evaluate((element) => element.outerHTML)
  const blank = await svg.page().context().newPage()
  try {
    const pixels = await blank.evaluate(
      async ({ markup, size, margin }) => {
        const image = new Image()
        image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`
        await image.decode()
        const canvas = document.createElement('canvas')
        canvas.width = canvas.height = size + 2 * margin
        const context = canvas.getContext('2d')!
        context.fillStyle = '#fff'
        context.fillRect(0, 0, canvas.width, canvas.height)
        context.drawImage(image, margin, margin, size, size)
        return Array.from(context.getImageData(0, 0, canvas.width, canvas.height).data)
      },
      { markup, size: SIZE, margin: MARGIN },
    )
    const side = SIZE + 2 * MARGIN
    return jsQR(Uint8ClampedArray.from(pixels), side, side)?.data ?? null
  } finally {
    await blank.close()
  }
}
