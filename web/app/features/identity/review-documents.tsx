import { formatJalaliDateTime } from '@arzpol/contracts'
import { IDENTITY_DOCUMENT_LABELS } from '@arzpol/contracts/identity/document-kinds'
import type { IdentityDocumentKind } from '@arzpol/contracts/identity/document-kinds'
import { Link, useSearchParams } from '@remix-run/react'
import { linkButtonClass } from '~/features/staff/ui.tsx'
import { DocumentViewer, viewerState, viewHref } from './document-viewer.tsx'

/**
 * A level-2 request's photos on the review page: each one's state for the reader (opened by
 * you, on screen, not yet), a link that shows it in the viewer and one that downloads it. An
 * approval needs every photo opened by whoever proposes or approves it; payments-service keeps
 * the record and refuses otherwise, this list only shows where the reader stands.
 */

export interface ReviewDocument {
  id: number
  kind: IdentityDocumentKind
  created_at: string | Date
  opened_by_you?: boolean | undefined
  replaced?: boolean | undefined
}

export const documentHref = (reviewId: number, documentId: number) =>
  `/staff/identity/${reviewId}/documents/${documentId}`

/**
 * The photos the reader must still open before approving: not opened yet, not replaced by a newer
 * one of their kind; the one on screen counts as opened.
 */
export function unopenedDocuments(
  documents: readonly ReviewDocument[],
  params: URLSearchParams,
): ReviewDocument[] {
  const onScreen = viewerState(params, documents)?.document.id
  return documents.filter(
    (doc) => doc.opened_by_you === false && doc.replaced !== true && doc.id !== onScreen,
  )
}

/** Test ids name the kind; a replaced photo's are apart, so the current one's stay unique. */
const testKind = (document: ReviewDocument) =>
  document.replaced ? `${document.kind}-replaced` : document.kind

function OpenedState(props: { document: ReviewDocument; onScreen: boolean }) {
  const { document, onScreen } = props
  const [text, tone] = onScreen
    ? ['در حال مشاهده', 'text-teal-800']
    : document.replaced
      ? ['جایگزین‌شده با تصویر تازه‌تر', 'text-slate-500']
      : document.opened_by_you === false
        ? ['هنوز باز نکرده‌اید', 'text-amber-800']
        : ['دیده‌اید', 'text-slate-600']
  return (
    <span className={`text-sm ${tone}`} data-testid={`review-document-state-${testKind(document)}`}>
      {text}
    </span>
  )
}

export function ReviewDocuments(props: { reviewId: number; documents: ReviewDocument[] }) {
  const { reviewId, documents } = props
  const [params] = useSearchParams()
  const view = viewerState(params, documents)
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">
        هر بار باز کردن یک مدرک با نام شما و زمان آن ثبت می‌شود. تأیید، چه پیشنهاد آن و چه تأیید
        همکار، تنها پس از باز کردن همهٔ مدارک پذیرفته می‌شود.
      </p>
      <ul className="flex flex-col gap-2" data-testid="review-documents">
        {documents.map((document) => (
          <li
            key={document.id}
            className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-slate-200 px-4 py-3 text-sm"
          >
            <span className="font-semibold">{IDENTITY_DOCUMENT_LABELS[document.kind]}</span>
            <span className="text-slate-500">{formatJalaliDateTime(document.created_at)}</span>
            <OpenedState document={document} onScreen={view?.document.id === document.id} />
            <span className="flex-1" />
            <Link
              to={viewHref({ document })}
              preventScrollReset
              className={linkButtonClass}
              data-testid={`review-document-${testKind(document)}`}
            >
              مشاهده
            </Link>
            <a
              href={documentHref(reviewId, document.id)}
              className={linkButtonClass}
              data-testid={`review-download-${testKind(document)}`}
            >
              دریافت فایل
            </a>
          </li>
        ))}
      </ul>
      {view ? (
        <DocumentViewer
          view={view}
          src={`${documentHref(reviewId, view.document.id)}?view=inline`}
        />
      ) : null}
    </div>
  )
}
