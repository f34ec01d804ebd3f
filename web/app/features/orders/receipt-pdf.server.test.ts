import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import type { TextItem } from 'pdfjs-dist/types/src/display/api'
import { describe, expect, it } from 'vitest'
import type { OrderDetail } from './order-schemas.ts'
import { RECEIPT_NOTE, RECEIPT_SUBTITLE, RECEIPT_TITLE, receiptRows } from './receipt.ts'
import { renderReceiptPdf } from './receipt-pdf.server.ts'

/**
 * The PDF is read back as a reader (or a screen reader, or a search) would: its text extracted
 * with pdf.js, each line put back in reading order, and compared with what the receipt says.
 */

const ORDER = {
  id: 1234,
  stage: 'paid',
  payment_type: 'topup',
  site_url: 'https://www.paypal.com/myaccount/summary',
  amount: '50',
  currency: 'USD',
  rate_irr: 1_150_000,
  subtotal_irr: 57_500_000,
  fee_irr: 1_150_000,
  amount_irr: 58_650_000,
  bank_receipt: { rrn: '123456789012', ref_num: 'GmshtyjwKSu6Ge', masked_pan: '621986******0009' },
  created_at: '2026-11-29T10:00:00.000Z',
  paid_at: '2026-11-29T10:05:00.000Z',
} as unknown as OrderDetail

const ARABIC_LETTER = /[\u0621-\u064A\u067E-\u06D3\u06CC]/
const MIRROR: Record<string, string> = { '(': ')', ')': '(' }

/**
 * The page's lines in reading order: pieces on one baseline, right to left; a stretch of pieces
 * with no Persian letter (a number, a Latin word) is read left to right, as drawn. A bracket in
 * Persian text is drawn as its mirror (the face has no mirrored forms), so it reads back
 * mirrored. Spaces are dropped: they only separate what is compared.
 */
async function readPdf(pdf: Buffer): Promise<{ pages: number; lines: string[] }> {
  const document = await getDocument({ data: new Uint8Array(pdf) }).promise
  const page = await document.getPage(1)
  const items = (await page.getTextContent()).items.filter(
    (item): item is TextItem => 'str' in item && item.str.trim() !== '',
  )
  const byLine = new Map<number, TextItem[]>()
  for (const item of items) {
    const y = Math.round(item.transform[5] ?? 0)
    byLine.set(y, [...(byLine.get(y) ?? []), item])
  }
  const lines = [...byLine.entries()]
    .sort(([a], [b]) => b - a)
    .map(([, pieces]) => {
      const rightToLeft = pieces.sort((a, b) => (b.transform[4] ?? 0) - (a.transform[4] ?? 0))
      const words: string[] = []
      let leftToRight: string[] = []
      const flush = () => {
        words.push(leftToRight.reverse().join(''))
        leftToRight = []
      }
      for (const { str } of rightToLeft) {
        if (ARABIC_LETTER.test(str) || /^[()]+$/.test(str)) {
          flush()
          words.push(str.replace(/[()]/g, (bracket) => MIRROR[bracket] ?? bracket))
        } else {
          leftToRight.push(str)
        }
      }
      flush()
      return squeeze(words.join(''))
    })
  return { pages: document.numPages, lines }
}

/** Without spaces, and without the zero-width non-joiner, which shapes the letters but leaves no glyph to read back. */
const squeeze = (text: string) => text.replace(/[\s\u200c]+/g, '')

describe('renderReceiptPdf', () => {
  it('is one A4 page whose text reads, line by line, as the receipt page does', async () => {
    const pdf = await renderReceiptPdf({ order: ORDER, customer: 'سارا محمدی' })
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    const { pages, lines } = await readPdf(pdf)
    expect(pages).toBe(1)
    expect(lines.slice(0, 3)).toEqual(
      [RECEIPT_TITLE, RECEIPT_SUBTITLE, 'شماره سفارش ۱٬۲۳۴'].map(squeeze),
    )
    const rows = receiptRows(ORDER, 'سارا محمدی').map((row) => squeeze(row.label + row.value))
    expect(lines.slice(3, 3 + rows.length)).toEqual(rows)
    expect(lines.slice(3 + rows.length).join('')).toBe(squeeze(RECEIPT_NOTE))
    // What a bank asks for, as the bank wrote it; money and dates in Persian digits.
    expect(rows.join('')).toContain('شمارهپیگیریبانک123456789012')
    expect(rows.join('')).toContain('۵٬۸۶۵٬۰۰۰تومان(۵۸٬۶۵۰٬۰۰۰ریال)')
    expect(rows.join('')).toContain('تاریخپرداخت۱۴۰۵/۰۹/۰۸ساعت۱۳:۳۵')
  })

  it('embeds the Persian face, so the text shows the same on any reader', async () => {
    const pdf = await renderReceiptPdf({ order: ORDER, customer: 'سارا محمدی' })
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+Vazirmatn-Regular/)
  })

  it('wraps a long address and a customer name mixing scripts within the page', async () => {
    const order = {
      ...ORDER,
      site_url: `https://example.com/${'very-long-path/'.repeat(12)}end`,
    } as OrderDetail
    const { pages, lines } = await readPdf(
      await renderReceiptPdf({ order, customer: 'Sara محمدی (Tehran)' }),
    )
    expect(pages).toBe(1)
    expect(lines).toContain(squeeze('مشتری Sara محمدی (Tehran)'))
    expect(lines.join('')).toContain(order.site_url)
  })
})
