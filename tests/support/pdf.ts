import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'

/**
 * A PDF's text as a reader extracts it (pdf.js): each page's pieces, as pdf.js puts each one in
 * reading order, joined by spaces. Enough to find a number or a Persian word in it; web's own
 * test of the receipt PDF reads whole lines back in order.
 */
export async function pdfText(pdf: Uint8Array): Promise<{ pages: number; text: string }> {
  // pdf.js refuses a Buffer (a Uint8Array subclass): it wants a plain Uint8Array.
  const document = await getDocument({ data: new Uint8Array(pdf) }).promise
  const pieces: string[] = []
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number)
    for (const item of (await page.getTextContent()).items) {
      if ('str' in item && item.str.trim()) pieces.push(item.str)
    }
  }
  return { pages: document.numPages, text: pieces.join(' ') }
}
