import { encode } from 'uqr'

/**
 * QR codes drawn on the server (ADR 035): the staff enrolment page shows the otpauth:// URI of a
 * new TOTP secret as an inline SVG, so the page needs no JavaScript and no image request, and
 * the secret never leaves the HTML it is shown in.
 */

/** A QR code as one SVG path: a unit square per dark module, in a `size` × `size` view box. */
export interface QrCode {
  size: number
  path: string
}

/** The quiet zone every scanner expects around the code, in modules. */
const QUIET_ZONE = 4

export function qrCode(text: string): QrCode {
  // Level M survives a smudge or a glare on a screen, and the URI still fits a small version.
  const { size, data } = encode(text, { ecc: 'M', border: QUIET_ZONE })
  let path = ''
  data.forEach((row, y) => {
    // Runs of dark modules along a row: a few hundred rectangles instead of thousands.
    for (let x = 0; x < size;) {
      if (!row[x]) {
        x += 1
        continue
      }
      let end = x
      while (end < size && row[end]) end += 1
      path += `M${x} ${y}h${end - x}v1h-${end - x}z`
      x = end
    }
  })
  return { size, path }
}
