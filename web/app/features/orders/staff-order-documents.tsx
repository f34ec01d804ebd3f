import { formatJalaliDateTime, formatNumberFa, type StaffOrderDocument } from '@arzpol/contracts'
import { Panel } from '~/features/staff/ui.tsx'

/** A staff order's documents, each opened through the staff download route. */
export function StaffOrderDocuments({
  orderId,
  documents,
}: {
  orderId: number
  documents: readonly StaffOrderDocument[]
}) {
  return (
    <Panel title="مدارک">
      {documents.length === 0 ? (
        <p className="text-sm text-slate-500">مدرکی بارگذاری نشده است.</p>
      ) : (
        <ul className="flex flex-col gap-2 text-sm">
          {documents.map((doc) => (
            <li key={doc.id} className="flex flex-wrap justify-between gap-2">
              <a
                href={`/staff/orders/${orderId}/documents/${doc.id}`}
                className="text-teal-800 underline"
              >
                <bdi>{doc.name}</bdi>
              </a>
              <span className="text-slate-500">
                {formatNumberFa(Math.ceil(doc.size / 1024))} کیلوبایت ·{' '}
                {formatJalaliDateTime(doc.created_at)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  )
}
