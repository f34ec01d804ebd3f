import { formatJalaliDateTime, formatNumberFa } from '@arzpol/contracts'
import { IDENTITY_DOCUMENT_LABELS } from '@arzpol/contracts/identity/document-kinds'
import { Link } from '@remix-run/react'
import { Table } from '~/components/ui/table.tsx'
import { Badge, ErrorNotice, Panel } from '~/features/staff/ui.tsx'
import { BankLogo } from './bank-logo.tsx'
import { IdentityDataList } from './identity-data.tsx'
import type { IdentityHistory } from './identity-schemas.ts'
import { levelName } from './identity-texts.ts'
import {
  INQUIRY_COLUMNS,
  INQUIRY_RESULT_LABELS,
  inquiryCells,
  ReviewStatusBadge,
} from './staff-identity-ui.tsx'

/**
 * A customer's identity as staff see it on the customer's page (ADR 025): level, level-1 data
 * (national code in full), their bank cards (removed ones too), level-2 requests and their
 * decisions, who opened which document, and the inquiries asked for them. `history` null:
 * payments-service did not answer. The route loads the bank logos' stylesheet (`bankLogoLinks`).
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

        <CardsHistory cards={history.cards} />

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

/** Every card the customer registered, newest first, with the owner question behind it. */
export function CardsHistory({ cards }: { cards: IdentityHistory['cards'] }) {
  return (
    <section>
      <h3 className="mb-2 font-bold text-slate-900">کارت‌های بانکی</h3>
      {cards.length === 0 ? (
        <p className="text-slate-500">کارتی ثبت نشده است.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100" data-testid="staff-user-cards">
          {cards.map((card) => (
            <li
              key={card.id}
              data-testid="staff-user-card"
              data-removed={card.deleted_at ? 'yes' : 'no'}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 px-2 py-2"
            >
              <BankLogo bankName={card.bank_name} />
              <span className="font-semibold">{card.bank_name}</span>
              <bdi dir="ltr" className="font-mono tracking-wider text-slate-900">
                {card.masked_number}
              </bdi>
              <span className="text-slate-500">ثبت {formatJalaliDateTime(card.created_at)}</span>
              {card.deleted_at ? (
                <Badge tone="slate">حذف {formatJalaliDateTime(card.deleted_at)}</Badge>
              ) : null}
              <span className="basis-full text-slate-600 sm:basis-auto">
                استعلام مالکیت:{' '}
                {card.owner_inquiry ? (
                  <>
                    <Badge tone={card.owner_inquiry.result === 'matched' ? 'emerald' : 'red'}>
                      {INQUIRY_RESULT_LABELS[card.owner_inquiry.result]}
                    </Badge>{' '}
                    {formatJalaliDateTime(card.owner_inquiry.created_at)}
                  </>
                ) : (
                  'بی استعلام تازه (پاسخ استعلام پیشین به کار رفت)'
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
