import { formatJalaliDateTime, formatNumberFa, formatToman } from '@arzpol/contracts'
import { formatForeignAmount } from './order-card.tsx'
import type { OrderDetail } from './order-schemas.ts'
import { paymentTypeLabel } from './orders.ts'

/**
 * What the official receipt says, once: the printable page and the PDF download both lay out
 * these rows (docs/product/orders.md, the receipt).
 */

export const RECEIPT_TITLE = 'رسید رسمی پرداخت'
export const RECEIPT_SUBTITLE = 'ارزپل · پرداخت ارزی بین‌المللی'
export const RECEIPT_NOTE =
  'نرخ این سفارش هنگام ثبت قفل شده و مبلغ بالا با همان نرخ محاسبه شده است. این رسید پس از تایید پرداخت توسط بانک صادر شده است.'

export interface ReceiptRow {
  label: string
  value: string
  /**
   * Read left to right as written: a site address, a foreign amount, or (`code`) a bank's number
   * in Latin digits, copied as a bank's form expects it.
   */
  direction?: 'ltr'
  code?: boolean
  /** The amount paid: the row that stands out. */
  total?: boolean
  testId?: string
}

export const receiptOrderNumber = (order: Pick<OrderDetail, 'id'>) =>
  `شماره سفارش ${formatNumberFa(order.id)}`

export function receiptRows(order: OrderDetail, customer: string): ReceiptRow[] {
  const bank = order.bank_receipt
  const bankNumbers: Array<[string, string | null | undefined, string]> = bank
    ? [
        ['شماره پیگیری بانک', bank.rrn, 'receipt-rrn'],
        ['شماره مرجع', bank.ref_num, 'receipt-ref'],
        ['کارت پرداخت‌کننده', bank.masked_pan, 'receipt-card'],
      ]
    : []
  const bankRows = bankNumbers.flatMap(([label, value, testId]): ReceiptRow[] =>
    value ? [{ label, value, testId, direction: 'ltr', code: true }] : [],
  )
  return [
    { label: 'مشتری', value: customer },
    { label: 'نوع خدمت', value: paymentTypeLabel(order.payment_type) },
    { label: 'آدرس سایت', value: order.site_url, direction: 'ltr' },
    {
      label: 'مبلغ ارزی',
      value: formatForeignAmount(order.amount, order.currency),
      direction: 'ltr',
    },
    { label: 'نرخ قفل‌شده هر واحد', value: formatToman(order.rate_irr), testId: 'receipt-rate' },
    { label: 'مبلغ به نرخ قفل‌شده', value: formatToman(order.subtotal_irr) },
    { label: 'کارمزد', value: formatToman(order.fee_irr) },
    {
      label: 'مبلغ پرداخت‌شده',
      value: `${formatToman(order.amount_irr)} (${formatNumberFa(order.amount_irr)} ریال)`,
      total: true,
    },
    ...bankRows,
    { label: 'تاریخ ثبت سفارش', value: formatJalaliDateTime(order.created_at) },
    ...(order.paid_at
      ? [{ label: 'تاریخ پرداخت', value: formatJalaliDateTime(order.paid_at) }]
      : []),
  ]
}
