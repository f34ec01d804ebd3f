import { formatJalaliDateTime, type StaffOrderEvent } from '@arzpol/contracts'
import { STAGE_LABELS } from '~/features/orders/orders.ts'

/** What each audit reason means, in Persian; unknown ones show their machine word. */
const REASON_LABELS: Record<string, string> = {
  created: 'ثبت سفارش',
  gateway_verified: 'تایید پرداخت توسط بانک',
  staff_start: 'شروع انجام',
  staff_complete: 'تکمیل سفارش',
  staff_settle: 'تسویه با مشتری',
  staff_reject: 'رد سفارش',
  staff_cancel: 'لغو سفارش',
  customer_request: 'به درخواست مشتری',
  service_unavailable: 'خدمت در دسترس نیست',
  customer_cancel: 'لغو توسط مشتری',
  credentials_revealed: 'نمایش رمز عبور سایت',
  credentials_wiped: 'پاک شدن رمز عبور سایت',
  refund_settled: 'پرداخت بازپرداخت',
  refund_by_hand: 'بازپرداخت دستی (پول برای بازگرداندن)',
  sheba_not_owner: 'حذف شماره شبا: به نام مشتری نبود',
  refund_account_given: 'ثبت شبای مشتری برای بازگشت پول',
}

const ACTOR_LABELS: Record<StaffOrderEvent['actor'], string> = {
  customer: 'مشتری',
  staff: 'کارکنان',
  gateway: 'بانک',
  system: 'سامانه',
}

/** The audit trail, oldest first: who did what, with the notes customers and staff read. */
export function OrderTimeline({ events }: { events: readonly StaffOrderEvent[] }) {
  if (events.length === 0) return <p className="text-sm text-slate-500">رویدادی ثبت نشده است.</p>
  return (
    <ol className="flex flex-col gap-3 border-s-2 border-slate-200 ps-4">
      {events.map((event) => (
        <li key={event.id} className="text-sm" data-testid="staff-order-event">
          <p className="font-semibold text-slate-800">
            {REASON_LABELS[event.reason] ?? event.reason}
            {/* Read right to left: the arrow points from the event to the stage it led to. */}
            {event.from_stage !== event.to_stage ? (
              <span className="font-normal text-slate-600">
                {' '}
                ← {STAGE_LABELS[event.to_stage] ?? event.to_stage}
              </span>
            ) : null}
          </p>
          <p className="text-slate-500">
            {event.actor_user ? <bdi>{event.actor_user.username}</bdi> : ACTOR_LABELS[event.actor]}{' '}
            · {formatJalaliDateTime(event.created_at)}
          </p>
          {event.note ? <p className="mt-1 text-slate-800">یادداشت: {event.note}</p> : null}
          {event.reference ? (
            <p className="text-slate-800">
              شماره پیگیری: <bdi dir="ltr">{event.reference}</bdi>
            </p>
          ) : null}
          {event.internal_note ? (
            <p className="text-amber-800">یادداشت داخلی: {event.internal_note}</p>
          ) : null}
        </li>
      ))}
    </ol>
  )
}
