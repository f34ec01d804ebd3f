import { formatJalaliDateTime, formatNumberFa } from '@arzpol/contracts'
import { IDENTITY_DOCUMENT_LABELS } from '@arzpol/contracts/identity/documents'
import { Link } from '@remix-run/react'
import { Table } from '~/components/ui/table.tsx'
import { ErrorNotice, Panel } from '~/features/staff/ui.tsx'
import { IdentityDataList } from './identity-data.tsx'
import type { IdentityHistory } from './identity-schemas.ts'
import { levelName } from './identity-texts.ts'
import { INQUIRY_COLUMNS, inquiryCells, ReviewStatusBadge } from './staff-identity-ui.tsx'

/**
 * A customer's identity as staff see it on the customer's page (issue 18): level, level-1 data
 * (national code in full), level-2 requests and their decisions, who opened which document, and
 * the inquiries asked for them. `history` null: payments-service did not answer.
 */
export function IdentityHistoryPanel({ history }: { history: IdentityHistory | null }) {
  if (!history) {
    return (
      <Panel title="احراز هویت">
        <ErrorNotice>سابقهٔ احراز هویت این کاربر اکنون در دسترس نیست.</ErrorNotice>
      </Panel>
    )
  }
  const level = (
    <>
      <dt className="text-slate-500">سطح</dt>
      <dd data-testid="staff-user-level">{levelName(history.level)}</dd>
    </>
  )
  return (
    <Panel title="احراز هویت" testId="staff-user-identity">
      <div className="flex flex-col gap-5 text-sm">
        {history.identity ? (
          <IdentityDataList identity={history.identity}>{level}</IdentityDataList>
        ) : (
          <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">{level}</dl>
        )}

        <section>
          <h3 className="mb-2 font-bold text-slate-900">درخواست‌های سطح ۲</h3>
          {history.reviews.length === 0 ? (
            <p className="text-slate-500">درخواستی ثبت نشده است.</p>
          ) : (
            <ul className="flex flex-col divide-y divide-slate-100">
              {history.reviews.map((review) => (
                <li key={review.id}>
                  <Link
                    to={`/staff/identity/${review.id}`}
                    className="flex flex-wrap items-center gap-3 px-2 py-2 hover:bg-slate-50"
                  >
                    <bdi className="font-semibold">#{formatNumberFa(review.id)}</bdi>
                    <ReviewStatusBadge status={review.status} />
                    <span className="text-slate-500">
                      {formatJalaliDateTime(review.submitted_at)}
                    </span>
                    {review.decided_by ? <bdi>{review.decided_by.username}</bdi> : null}
                    {review.reason ? <span className="text-slate-600">{review.reason}</span> : null}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section>
          <h3 className="mb-2 font-bold text-slate-900">مشاهدهٔ مدارک توسط کارکنان</h3>
          {history.reveals.length === 0 ? (
            <p className="text-slate-500">کسی مدارک این کاربر را باز نکرده است.</p>
          ) : (
            <ul className="flex flex-col gap-1" data-testid="staff-user-reveals">
              {history.reveals.map((reveal) => (
                <li key={reveal.id}>
                  {IDENTITY_DOCUMENT_LABELS[reveal.kind]} ·{' '}
                  {reveal.staff ? <bdi>{reveal.staff.username}</bdi> : 'سامانه'} ·{' '}
                  {formatJalaliDateTime(reveal.created_at)}
                </li>
              ))}
            </ul>
          )}
        </section>

        <section>
          <h3 className="mb-2 font-bold text-slate-900">استعلام‌ها</h3>
          {history.inquiries.length === 0 ? (
            <p className="text-slate-500">استعلامی ثبت نشده است.</p>
          ) : (
            <Table
              caption="استعلام‌های این کاربر"
              columns={INQUIRY_COLUMNS}
              rows={history.inquiries.map((inquiry) => ({
                key: String(inquiry.id),
                cells: inquiryCells(inquiry),
              }))}
            />
          )}
        </section>
      </div>
    </Panel>
  )
}
