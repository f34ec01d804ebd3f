import { formatJalaliDateTime } from '@arzpol/contracts'
import { Form } from '@remix-run/react'
import { useId } from 'react'
import { fileSizeFa } from '~/components/file-picker.tsx'
import { Field, FormAlert, SubmitButton } from '~/components/forms.tsx'
import type { OrderDocument } from './order-schemas.ts'

/** Shown in the file picker; payments-service checks the bytes anyway. */
const ACCEPTED = 'application/pdf,image/png,image/jpeg,image/webp'

/** One uploaded document: its name as a download, its size and when it came. */
function DocumentRow({ orderId, document }: { orderId: number; document: OrderDocument }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-200 px-4 py-3 text-sm">
      <a
        href={`/dashboard/orders/${orderId}/documents/${document.id}`}
        className="font-semibold text-teal-800 underline"
        download
      >
        <bdi>{document.file_name}</bdi>
      </a>
      <span className="text-slate-500">
        {fileSizeFa(document.size_bytes)} · {formatJalaliDateTime(document.created_at)}
      </span>
    </li>
  )
}

/**
 * A cash-out order's income documents: the list (each a download) and, while the order is open,
 * a plain multipart form, so uploading works without JavaScript.
 */
export function DocumentsSection({
  orderId,
  documents,
  open,
  errors,
}: {
  orderId: number
  documents: OrderDocument[] | null
  open: boolean
  errors: string[]
}) {
  const id = useId()
  return (
    <section
      className="rounded-2xl border border-slate-200 bg-white p-6 sm:p-8"
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="text-lg font-bold text-slate-900">
        مدارک درآمد
      </h2>
      <p className="mt-2 text-sm leading-7 text-slate-600">
        برای تسویه ریالی، مدرک دریافت وجه ارزی (صورت‌حساب، رسید یا گزارش حساب) را بارگذاری کنید.
        فایل PDF یا تصویر (PNG، JPEG، WebP) تا ۱۰ مگابایت.
      </p>
      {documents === null ? (
        <p className="mt-4 text-sm text-amber-800">فهرست مدارک در حال حاضر در دسترس نیست.</p>
      ) : documents.length === 0 ? (
        <p className="mt-4 text-sm text-slate-500" data-testid="no-documents">
          هنوز مدرکی بارگذاری نشده است.
        </p>
      ) : (
        <ul className="mt-4 flex flex-col gap-2" data-testid="order-documents">
          {documents.map((document) => (
            <DocumentRow key={document.id} orderId={orderId} document={document} />
          ))}
        </ul>
      )}
      {open ? (
        <Form method="post" encType="multipart/form-data" className="mt-5 flex flex-col gap-3">
          <FormAlert errors={errors} />
          <Field
            type="file"
            name="file"
            label="فایل مدرک"
            accept={ACCEPTED}
            required
            aria-invalid={errors.length > 0 || undefined}
            hint="نوع فایل از محتوای آن تشخیص داده می‌شود؛ نام و پسوند فایل ملاک نیست."
          />
          <div>
            <SubmitButton intent="upload">بارگذاری مدرک</SubmitButton>
          </div>
        </Form>
      ) : (
        <p className="mt-4 text-sm text-slate-500">این سفارش بسته شده است و مدرک تازه نمی‌پذیرد.</p>
      )}
    </section>
  )
}
