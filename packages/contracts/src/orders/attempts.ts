/**
 * A try at the bank to pay an order (an attempt: one token, one callback, one verify), by the
 * state it is in, and how staff read that state.
 */
export const ATTEMPT_STATUSES = [
  'created',
  'token_created',
  /** The callback's RefNum is claimed; verify was sent or its outcome is unknown. */
  'verifying',
  'verified',
  /** Captured, but not on a paid order: money to return (ledger account `suspense`). */
  'suspense',
  /** A reversal was asked of the bank; its answer is not booked yet. */
  'reversing',
  'failed',
  'reversed',
] as const
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number]

export const ATTEMPT_STATUS_LABELS: Record<AttemptStatus, string> = {
  created: 'ساخته شد',
  token_created: 'در انتظار پرداخت در درگاه',
  verifying: 'در حال تأیید با بانک',
  verified: 'تأییدشده بانک',
  suspense: 'دریافت‌شده، برای بازگرداندن',
  reversing: 'در حال برگشت به کارت',
  failed: 'ناموفق',
  reversed: 'برگشت‌خورده به کارت',
}

/** A status as staff read it; an unknown one (a newer service) as it came. */
export const attemptStatusLabel = (status: string): string =>
  (ATTEMPT_STATUS_LABELS as Record<string, string>)[status] ?? status
