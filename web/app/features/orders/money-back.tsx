import { formatJalaliLongDate, formatToman, moneyBackReason } from '@arzpol/contracts'
import type { MoneyBack } from '~/features/orders/order-schemas.ts'

/**
 * Where is my money (ADR 014): money of this order that is held to be returned or is on its
 * way back to the customer, in Persian — the amount, why, when to expect it (Persian calendar)
 * and the bank's tracking number of the transfer once staff recorded it.
 */

// Only what we know: a bank reversal goes back to the paying card; a transfer needs an account
// of the customer's own, which support asks for (the customer never gave us one here).
const STATUS_TEXT: Record<MoneyBack['status'], string> = {
  held: 'این مبلغ نزد ما است و بازگردانده می‌شود؛ پشتیبانی برای واریز، شماره شبای حسابی به نام خودتان را از شما می‌پرسد.',
  requested: 'از بانک خواسته‌ایم این مبلغ را به کارت شما برگرداند.',
  pending: 'این مبلغ با انتقال بانکی بازگردانده می‌شود.',
  done: 'این مبلغ به کارتی که با آن پرداخت کردید بازگردانده شد.',
}

/** A return staff made by transfer carries its tracking number; a bank reversal does not. */
const statusText = (item: MoneyBack) =>
  item.status === 'done' && item.reference
    ? 'این مبلغ با انتقال بانکی بازگردانده شد.'
    : STATUS_TEXT[item.status]

export function MoneyBackSection({ items }: { items: MoneyBack[] }) {
  if (items.length === 0) return null
  return (
    <section
      className="rounded-2xl border border-sky-200 bg-sky-50 p-6 text-sky-950 sm:p-8"
      data-testid="money-back"
      aria-labelledby="money-back-title"
    >
      <h2 id="money-back-title" className="text-lg font-bold">
        بازگشت وجه
      </h2>
      <ul className="mt-4 flex flex-col gap-4">
        {items.map((item, index) => (
          <li
            key={`${item.created_at}-${index}`}
            className="flex flex-col gap-1 text-sm leading-7"
            data-testid="money-back-item"
          >
            <p>
              <span className="text-base font-bold" data-testid="money-back-amount">
                {formatToman(item.amount_irr)}
              </span>{' '}
              — {moneyBackReason(item.reason)}
            </p>
            <p>{statusText(item)}</p>
            {item.status === 'done' && item.settled_at ? (
              <p>تاریخ بازگشت: {formatJalaliLongDate(item.settled_at)}</p>
            ) : item.expected_by ? (
              <p data-testid="money-back-expected">
                زمان تقریبی واریز: تا {formatJalaliLongDate(item.expected_by)}
              </p>
            ) : null}
            {item.reference ? (
              <p data-testid="money-back-reference">
                شماره پیگیری بانک: <bdi dir="ltr">{item.reference}</bdi>
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}
