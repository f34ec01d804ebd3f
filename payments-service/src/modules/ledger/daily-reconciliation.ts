import type { Knex } from 'knex'
import { tehranDayBounds } from '../../lib/tehran-day.ts'
import { ACCOUNTS } from '../../models/ledger.model.ts'
import { type DayScanRow, BankAttempt } from '../../models/bank-attempt.model.ts'
import { csvOf } from '../../lib/csv.ts'
import { attemptStatusLabel } from '@arzpol/contracts/orders/attempts'

/**
 * The accounting view of one bank day (Tehran) and gateway: what the bank's verify answers said it
 * captured, beside what the ledger booked for the same payments, item by item (ADR 014). It reads;
 * it never books: a difference is for staff to look into (a verify answer we never booked, a
 * booking without a verify answer, an amount that differs). Returns, captures booked later from an
 * unknown verify and the PSP's settlement report are not matched here yet.
 */

export interface ReconciliationLine extends DayScanRow {
  difference_irr: number
}

export interface DailyReconciliation {
  day: string
  lines: ReconciliationLine[]
  totals: Array<{ gateway: string; bank_verified_irr: number; ledger_captured_irr: number }>
  differences: ReconciliationLine[]
}

export async function dailyReconciliation(db: Knex, day: string): Promise<DailyReconciliation> {
  const { start, end } = tehranDayBounds(day)
  const rows = await BankAttempt.verifiedBetweenWithBookings(
    db,
    start,
    end,
    ACCOUNTS.psp_receivable,
  )
  const lines = rows.map((row) => ({
    ...row,
    difference_irr: row.bank_verified_irr - row.ledger_captured_irr,
  }))
  const totals = new Map<string, { bank_verified_irr: number; ledger_captured_irr: number }>()
  for (const line of lines) {
    const total = totals.get(line.gateway) ?? { bank_verified_irr: 0, ledger_captured_irr: 0 }
    total.bank_verified_irr += line.bank_verified_irr
    total.ledger_captured_irr += line.ledger_captured_irr
    totals.set(line.gateway, total)
  }
  return {
    day,
    lines,
    totals: [...totals].map(([gateway, total]) => ({ gateway, ...total })),
    differences: lines.filter((line) => line.difference_irr !== 0),
  }
}

const CSV_COLUMNS = [
  'gateway',
  'gateway_tx_id',
  'payment_id',
  'res_num',
  'ref_num',
  'status',
  'bank_verified_irr',
  'ledger_captured_irr',
  'ledger_returned_irr',
  'difference_irr',
] as const

/**
 * The accountants' words for each column. Amounts stay in rials, as the bank's statements give
 * them, so a line is compared with the statement without converting.
 */
const CSV_HEADERS: Record<(typeof CSV_COLUMNS)[number], string> = {
  gateway: 'درگاه',
  gateway_tx_id: 'شناسه تلاش پرداخت',
  payment_id: 'شماره سفارش',
  res_num: 'شماره رزرو (ResNum)',
  ref_num: 'شماره مرجع بانک (RefNum)',
  status: 'وضعیت',
  bank_verified_irr: 'مبلغ تأییدشده بانک (ریال)',
  ledger_captured_irr: 'مبلغ ثبت‌شده در دفتر (ریال)',
  ledger_returned_irr: 'مبلغ برگشتی در دفتر (ریال)',
  difference_irr: 'اختلاف (ریال)',
}

/**
 * RFC 4180 CSV with a BOM (Excel opens UTF-8 Persian correctly with it). A cell that a
 * spreadsheet would run as a formula (= + - @ at its start) is prefixed with a quote.
 */
export function reconciliationCsv(report: DailyReconciliation): string {
  return csvOf(
    CSV_COLUMNS,
    report.lines.map((line) => ({ ...line, status: attemptStatusLabel(line.status) })),
    CSV_HEADERS,
  )
}
