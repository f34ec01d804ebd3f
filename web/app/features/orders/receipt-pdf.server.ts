import { createRequire } from 'node:module'
import PDFDocument from 'pdfkit'
import { visualRuns, wrapLines } from '~/utils/pdf-rtl-text.server.ts'
import type { OrderDetail } from './order-schemas.ts'
import {
  RECEIPT_NOTE,
  RECEIPT_SUBTITLE,
  RECEIPT_TITLE,
  receiptOrderNumber,
  receiptRows,
} from './receipt.ts'

/**
 * The receipt as a PDF to keep: one A4 page in Persian, the rows of the receipt page, drawn
 * right to left in Vazirmatn (the site's own face, embedded), its text extractable.
 */

const fonts = createRequire(import.meta.url)
const FONT = {
  regular: fonts.resolve('vazirmatn/fonts/ttf/Vazirmatn-Regular.ttf'),
  bold: fonts.resolve('vazirmatn/fonts/ttf/Vazirmatn-Bold.ttf'),
}
type Face = keyof typeof FONT

const PAGE = { width: 595.28, margin: 56 }
const RIGHT = PAGE.width - PAGE.margin
const LABEL_WIDTH = 150
const VALUE_RIGHT = RIGHT - LABEL_WIDTH - 16
const VALUE_WIDTH = VALUE_RIGHT - PAGE.margin
const INK = { strong: '#0f172a', soft: '#475569', rule: '#cbd5e1' }

interface Line {
  text: string
  face: Face
  size: number
  color: string
  direction?: 'rtl' | 'ltr'
}

export function renderReceiptPdf(input: { order: OrderDetail; customer: string }): Promise<Buffer> {
  const { order, customer } = input
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    lang: 'fa-IR',
    info: { Title: `${RECEIPT_TITLE} ${receiptOrderNumber(order)}`, Author: 'ارزپل' },
  })
  doc.registerFont('regular', FONT.regular)
  doc.registerFont('bold', FONT.bold)
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })

  let y = PAGE.margin
  y = drawLine(doc, { text: RECEIPT_TITLE, face: 'bold', size: 18, color: INK.strong }, RIGHT, y)
  y = drawLine(
    doc,
    { text: RECEIPT_SUBTITLE, face: 'regular', size: 10, color: INK.soft },
    RIGHT,
    y,
  )
  y = drawLine(
    doc,
    { text: receiptOrderNumber(order), face: 'bold', size: 11, color: INK.strong },
    RIGHT,
    y + 4,
  )
  y = rule(doc, y + 8)

  for (const row of receiptRows(order, customer)) {
    const face: Face = row.total ? 'bold' : 'regular'
    const labelBottom = drawLine(
      doc,
      { text: row.label, face, size: 11, color: row.total ? INK.strong : INK.soft },
      RIGHT,
      y,
    )
    doc.font(face).fontSize(11)
    let valueBottom = y
    for (const text of wrapLines(row.value, VALUE_WIDTH, (part) => doc.widthOfString(part))) {
      valueBottom = drawLine(
        doc,
        { text, face, size: 11, color: INK.strong, direction: row.direction },
        VALUE_RIGHT,
        valueBottom,
      )
    }
    y = Math.max(labelBottom, valueBottom) + 4
  }

  y = rule(doc, y + 8)
  doc.font('regular').fontSize(9)
  for (const text of wrapLines(RECEIPT_NOTE, RIGHT - PAGE.margin, (part) =>
    doc.widthOfString(part),
  )) {
    y = drawLine(doc, { text, face: 'regular', size: 9, color: INK.soft }, RIGHT, y)
  }
  recordLigaturesForRightToLeftReading(doc)
  doc.end()
  return finished
}

const ARABIC_SCRIPT_POINT = (point: number) => point >= 0x0600 && point <= 0x06ff

/**
 * A reader (pdf.js, a browser's viewer, a search) reads a right-to-left line back by reversing
 * what is drawn. A ligature such as lam-alef («لا») is one glyph, whose letters pdfkit records in
 * logical order, so the reversal would swap them («باال» for «بالا»). Such a glyph's letters are
 * recorded the other way round, which the reversal puts right. pdfkit (pinned) keeps the record
 * per glyph in each embedded font's `unicode` table, written out when the document ends.
 */
function recordLigaturesForRightToLeftReading(doc: PDFKit.PDFDocument): void {
  const fonts = (doc as unknown as { _fontFamilies: Record<string, { unicode?: number[][] }> })
    ._fontFamilies
  // One font is filed under its registered name and its own: each is turned once.
  for (const font of new Set(Object.values(fonts))) {
    const table = font.unicode ?? []
    table.forEach((points, glyph) => {
      if (points && points.length > 1 && points.every(ARABIC_SCRIPT_POINT)) {
        table[glyph] = [...points].reverse()
      }
    })
  }
}

/** Draws one line ending at `right` (right-aligned), and answers where the next line starts. */
function drawLine(doc: PDFKit.PDFDocument, line: Line, right: number, y: number): number {
  doc.font(line.face).fontSize(line.size).fillColor(line.color)
  const runs = visualRuns(line.text, line.direction)
  const widths = runs.map((run) => doc.widthOfString(run.text))
  let x = right - widths.reduce((sum, width) => sum + width, 0)
  runs.forEach((run, i) => {
    doc.text(run.text, x, y, { lineBreak: false })
    x += widths[i] ?? 0
  })
  return y + doc.currentLineHeight(true) + 2
}

function rule(doc: PDFKit.PDFDocument, y: number): number {
  doc.moveTo(PAGE.margin, y).lineTo(RIGHT, y).lineWidth(0.5).strokeColor(INK.rule).stroke()
  return y + 10
}
