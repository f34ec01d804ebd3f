import { formatJalaliLongDate, formatToman, moneyBackReason } from '@arzpol/contracts'
import type { ReactNode } from 'react'
import type { MoneyBack, OrderDetail } from '~/features/orders/order-schemas.ts'

/**
 * Where is my money (ADR 014): money of this order that is held to be returned or is on its
 * way back to the customer, in Persian — the amount, why, when to expect it (Persian calendar)
 * and the bank's tracking number of the transfer once staff recorded it. Money that can only
 * leave by bank transfer asks for the customer's own account right here (ADR 038).
 */

// Only what we know: a bank reversal goes back to the paying card; a transfer goes to the
// account the customer gives below, never to one we were not given.
const STATUS_TEXT: Record<MoneyBack['status'], string> = {
  held: 'این مبلغ نزد ما است و با انتقال بانکی به حسابی به نام خودتان بازگردانده می‌شود.',
  requested: 'از بانک خواسته‌ایم این مبلغ را به کارت شما برگرداند.',
  pending: 'این مبلغ با انتقال بانکی بازگردانده می‌شود.',
  done: 'این مبلغ به کارتی که با آن پرداخت کردید بازگردانده شد.',
}

/** A return staff made by transfer carries its tracking number; a bank reversal does not. */
const statusText = (item: MoneyBack) =>
  item.status === 'done' && item.reference
    ? 'این مبلغ با انتقال بانکی بازگردانده شد.'
    : STATUS_TEXT[item.status]

/** Money that leaves only by a transfer staff make: held, or a transfer already opened. */
export const transferDue = (items: readonly MoneyBack[]) =>
  items.some((item) => item.status === 'held' || item.status === 'pending')

export function MoneyBackSection({
  items,
  account = null,
  children,
}: {
  items: MoneyBack[]
  /** The account the customer gave for a transfer; null until they do. */
  account?: OrderDetail['refund_account']
  /** The account form, shown while a transfer is due. */
  children?: ReactNode
}) {
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
      {transferDue(items) ? (
        <RefundAccountNote account={account ?? null}>{children}</RefundAccountNote>
      ) : null}
    </section>
  )
}

/** Which account the transfer goes to, and whether we know it is the customer's own. */
function RefundAccountNote({
  account,
  children,
}: {
  account: OrderDetail['refund_account'] | null
  children?: ReactNode
}) {
  return (
    <div
      className="mt-5 border-t border-sky-200 pt-4 text-sm leading-7"
      data-testid="refund-account"
    >
      {account ? (
        <>
          <p>
            واریز به حساب:{' '}
            <bdi dir="ltr" data-testid="refund-account-sheba">
              {account.sheba}
            </bdi>
            {account.bank_name ? ` (${account.bank_name})` : ''}
          </p>
          <p data-testid="refund-account-check">
            {account.owner_checked
              ? 'بررسی شد که این حساب به نام خود شماست.'
              : 'کارشناسان ما پیش از واریز بررسی می‌کنند که این حساب به نام خود شما باشد. با احراز هویت سطح ۱ این بررسی همان لحظهٔ ثبت شبا انجام می‌شود.'}
          </p>
        </>
      ) : (
        <p>
          برای بازگرداندن این مبلغ با انتقال بانکی، شماره شبای حسابی به نام خودتان را بنویسید. در
          سطح ۱ احراز هویت به نام شما بودن حساب همان لحظه بررسی می‌شود؛ پایین‌تر از آن، کارشناسان ما
          پیش از واریز آن را بررسی می‌کنند.
        </p>
      )}
      {children}
    </div>
  )
}
