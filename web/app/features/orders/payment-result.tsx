import { cardLabel } from '~/features/identity/card-label.ts'
import type { OrderDetail } from '~/features/orders/order-schemas.ts'

/**
 * What happened at the bank, on the order page the bank's return lands on
 * (`?payment=success|failed|pending`, set by payments-service's callback), and what comes next.
 * From identity level 1 the bank takes one of the customer's cards only (ADR 024); when a
 * payment failed, the card it expected is named, since paying with another card is the usual
 * reason and the bank's own page says little.
 */

export type PaymentOutcome = 'success' | 'failed' | 'pending'

export const paymentOutcomeOf = (param: string | null): PaymentOutcome | null =>
  param === 'success' || param === 'failed' || param === 'pending' ? param : null

const RESULT_TEXT = {
  success: {
    title: 'پرداخت با موفقیت انجام شد',
    body: 'مبلغ سفارش از حساب شما کسر و توسط بانک تایید شد. کارشناسان ما سفارش را انجام می‌دهند و وضعیت آن را در همین صفحه می‌بینید. رسید رسمی پرداخت آماده است.',
    look: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  },
  failed: {
    title: 'پرداخت انجام نشد',
    body: 'پرداخت لغو شد یا بانک آن را تایید نکرد. اگر مبلغی از حساب شما کسر شده باشد، بانک حداکثر ظرف ۷۲ ساعت آن را برمی‌گرداند. با دکمهٔ «پرداخت مجدد» همین سفارش را بدون نوشتن دوباره پرداخت کنید.',
    look: 'border-red-200 bg-red-50 text-red-900',
  },
  pending: {
    title: 'نتیجه پرداخت هنوز مشخص نیست',
    body: 'پاسخ بانک هنوز به ما نرسیده است. چند دقیقه بعد این صفحه را دوباره باز کنید؛ اگر پرداخت تایید نشود، مبلغ کسرشده را بانک برمی‌گرداند.',
    look: 'border-amber-200 bg-amber-50 text-amber-900',
  },
} as const

export function PaymentResult({
  outcome,
  expectedCard,
}: {
  outcome: PaymentOutcome | null
  expectedCard: OrderDetail['expected_card']
}) {
  if (!outcome) return null
  const result = RESULT_TEXT[outcome]
  return (
    <section
      role="status"
      data-testid="payment-result"
      className={`rounded-2xl border p-5 ${result.look}`}
    >
      <h2 className="text-lg font-bold">{result.title}</h2>
      <p className="mt-2 leading-8">{result.body}</p>
      {outcome === 'failed' && expectedCard ? (
        <p className="mt-2 leading-8" data-testid="payment-expected-card">
          این پرداخت فقط با کارت <bdi className="font-bold">{cardLabel(expectedCard)}</bdi> پذیرفته
          می‌شد و بانک هر کارت دیگری را رد می‌کند. برای پرداخت با کارت دیگری از کارت‌های
          ثبت‌شده‌تان، در «پرداخت مجدد» آن را انتخاب کنید؛ کارت تازه را پیش از آن در{' '}
          <a href="/dashboard/identity" className="font-bold underline">
            صفحهٔ احراز هویت
          </a>{' '}
          ثبت کنید.
        </p>
      ) : null}
    </section>
  )
}
