import { formatJalaliDateTime, formatNumberFa } from '@arzpol/contracts'
import { IDENTITY_DOCUMENT_LABELS } from '@arzpol/contracts/identity/document-kinds'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import { FormAlert, SubmitButton, TextAreaField } from '~/components/forms.tsx'
import { IdentityDataList } from '~/features/identity/identity-data.tsx'
import { levelName } from '~/features/identity/identity-texts.ts'
import { parseRejection } from '~/features/identity/staff-identity-forms.server.ts'
import {
  approveReview,
  getReview,
  rejectReview,
} from '~/features/identity/staff-identity.server.ts'
import { ReviewStatusBadge } from '~/features/identity/staff-identity-ui.tsx'
import { ReviewDocuments, unopenedDocuments } from '~/features/identity/review-documents.tsx'
import { proposedFlash } from '~/features/approvals/approvals.server.ts'
import { FORM_MESSAGES } from '~/features/staff/staff-forms.server.ts'
import { Detail, DetailsPanel } from '~/features/staff/details.tsx'
import { CustomerName, PageHeader, Panel } from '~/features/staff/ui.tsx'
import { readStaffRecord } from '~/features/staff/staff-route.server.ts'
import {
  redirectWithFlash,
  requireStaffRecord,
  staffFailure,
} from '~/features/staff/staff.server.ts'
import { readFormData } from '~/utils/form-data.server.ts'
import { allMessages, type FormErrors } from '~/utils/form-errors.ts'
import { privatePageMeta } from '~/utils/private-page-meta.ts'

/**
 * One level-2 request: the customer, their level-1 data (national code in full, for staff), the
 * two photos (shown in the page's viewer or downloaded, each time through the audited route:
 * every look is on record), and while it is pending the decision: approve (only once every photo
 * was opened), or reject with a reason the customer will read. payments-service lets only one
 * decision through.
 */

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { answer: review, headers } = await readStaffRecord(request, params.reviewId, getReview)
  return data({ review }, { headers })
}

const INTENTS = ['approve', 'reject'] as const
type Intent = (typeof INTENTS)[number]

export async function action({ request, params }: ActionFunctionArgs) {
  const { id, tokens, headers } = await requireStaffRecord(request, params.reviewId)
  const form = await readFormData(request)
  const intent = String(form.get('intent') ?? '')
  const fail = (errors: FormErrors, status = 400) =>
    data({ intent, errors, reason: String(form.get('reason') ?? '') }, { status, headers })
  if (!(INTENTS as readonly string[]).includes(intent)) {
    return fail({ form: [FORM_MESSAGES.unknownAction], fields: {} })
  }
  let result
  if ((intent as Intent) === 'reject') {
    const parsed = parseRejection(form)
    if (!parsed.ok) return fail(parsed.errors)
    result = await rejectReview(request, tokens.access, id, parsed.value.reason)
  } else {
    result = await approveReview(request, tokens.access, id)
  }
  if (!result.ok) {
    return fail(
      staffFailure(result, 'ثبت تصمیم ممکن نشد', { reason: 'reason' }),
      result.status >= 500 ? 503 : result.status === 409 ? 409 : 400,
    )
  }
  return redirectWithFlash(
    `/staff/identity/${id}`,
    (intent === 'approve' && proposedFlash(result)) ||
      'درخواست رد شد؛ دلیل آن به مشتری نشان داده می‌شود.',
    headers,
  )
}

export default function StaffIdentityReview() {
  const { review } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const errorsFor = (intent: Intent) => (result?.intent === intent ? result.errors : undefined)
  const pending = review.status === 'pending'
  const unopened = unopenedDocuments(review.documents, useSearchParams()[0])
  // Errors of a decision this page does not offer (someone else decided first, or a tampered
  // intent no form here belongs to), fields too: shown on top, so no refusal goes unseen.
  const placed = pending && (INTENTS as readonly string[]).includes(result?.intent ?? '')
  const unplaced = result && !placed ? allMessages(result.errors) : []
  return (
    <>
      <PageHeader
        title={`درخواست سطح ۲ #${formatNumberFa(review.id)}`}
        back={{ to: '/staff/identity', label: 'صف بررسی' }}
      >
        <CustomerName username={review.customer.username} phone={review.customer.phone} /> ·{' '}
        <Link to={`/staff/users/${review.customer.id}`} className="text-teal-800 underline">
          صفحهٔ مشتری
        </Link>
      </PageHeader>
      {unplaced.length ? <FormAlert errors={unplaced} /> : null}
      <DetailsPanel title="وضعیت" testId="review-status">
        <Detail label="وضعیت">
          <ReviewStatusBadge status={review.status} />
        </Detail>
        <Detail label="سطح فعلی مشتری" testId="review-customer-level">
          {levelName(review.level)}
        </Detail>
        <Detail label="ارسال">{formatJalaliDateTime(review.submitted_at)}</Detail>
        {review.decided_at ? (
          <Detail label="تصمیم">
            {formatJalaliDateTime(review.decided_at)}
            {review.decided_by ? (
              <>
                {' '}
                · <bdi>{review.decided_by.username}</bdi>
              </>
            ) : null}
          </Detail>
        ) : null}
        {review.reason ? <Detail label="دلیل رد">{review.reason}</Detail> : null}
      </DetailsPanel>
      <Panel title="اطلاعات هویتی (سطح ۱)">
        {review.identity ? (
          <IdentityDataList identity={review.identity} testId="review-identity" />
        ) : (
          <p className="text-sm text-slate-500">این مشتری اطلاعات سطح ۱ ندارد.</p>
        )}
      </Panel>
      <Panel title="مدارک" testId="review-documents-panel">
        <ReviewDocuments reviewId={review.id} documents={review.documents} />
      </Panel>
      {pending ? (
        <Panel title="تصمیم" testId="review-decision">
          <div className="flex flex-col gap-5">
            <Form method="post" className="flex flex-col gap-2">
              <FormAlert errors={errorsFor('approve')?.form ?? []} />
              <p className="text-sm text-slate-600">
                تأیید شما پیشنهادی است که یک همکار دیگر در بخش «تأییدها» بررسی می‌کند؛ با تأیید او
                مشتری به سطح ۲ می‌رسد و سقف‌های آن از همان لحظه اعمال می‌شود.
              </p>
              {unopened.length ? (
                <p className="text-sm text-amber-800" data-testid="review-unopened">
                  پیش از تأیید باز کنید:{' '}
                  {unopened.map((doc) => IDENTITY_DOCUMENT_LABELS[doc.kind]).join('، ')}
                </p>
              ) : null}
              <div>
                <SubmitButton intent="approve">تأیید مدارک</SubmitButton>
              </div>
            </Form>
            <Form
              method="post"
              noValidate
              className="flex flex-col gap-3 border-t border-slate-100 pt-4"
            >
              <FormAlert errors={errorsFor('reject')?.form ?? []} />
              <TextAreaField
                name="reason"
                rows={3}
                label="دلیل رد (به مشتری نشان داده می‌شود)"
                maxLength={500}
                defaultValue={result?.intent === 'reject' ? result.reason : ''}
                errors={errorsFor('reject')?.fields.reason}
              />
              <div>
                <SubmitButton intent="reject" variant="secondary">
                  رد درخواست
                </SubmitButton>
              </div>
            </Form>
          </div>
        </Panel>
      ) : null}
    </>
  )
}

export const meta: MetaFunction = () => privatePageMeta('بررسی مدارک | پنل پشتیبانی ارزپل')

export { StaffErrorBoundary as ErrorBoundary } from '~/features/staff/ui.tsx'
