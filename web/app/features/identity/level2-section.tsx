import { formatJalaliDateTime, toPersianDigits } from '@arzpol/contracts'
import {
  IDENTITY_DOCUMENT_KINDS,
  IDENTITY_DOCUMENT_LABELS,
  type IdentityDocumentKind,
} from '@arzpol/contracts/identity/document-kinds'
import { BusyButton, Field, FormAlert } from '~/components/forms.tsx'
import { Alert, type AlertTone } from '~/components/ui/alert.tsx'
import { UploadProgress, useUploadWithProgress } from '~/features/tickets/upload-progress.tsx'
import type { FormErrors } from '~/utils/form-errors.ts'
import type { Level2State } from './identity-schemas.ts'
import { IDENTITY_TEXTS } from './identity-texts.ts'

/** Where the JavaScript upload goes: a resource route that answers JSON (see its module). */
export const LEVEL2_UPLOAD_URL = '/dashboard/identity/documents'

const ACCEPTED = 'image/jpeg,image/png,image/webp'

const STATE_TONE: Record<Level2State['status'], AlertTone> = {
  none: 'info',
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
}

const STATE_TEXT: Record<Level2State['status'], string> = {
  none: 'هر دو تصویر را بارگذاری کنید؛ با رسیدن دومی، درخواست شما برای بررسی ارسال می‌شود.',
  pending:
    'مدارک شما رسیده است و کارشناسان ما آن را بررسی می‌کنند. نتیجه را در همین صفحه می‌بینید.',
  approved: 'مدارک شما تأیید شد و حساب شما در سطح ۲ است.',
  rejected: 'مدارک شما تأیید نشد. با توجه به دلیل زیر، تصویرهای تازه بارگذاری کنید.',
}

/**
 * One document's line. An approved review keeps no document on show (they are sealed away and
 * purged after retention), so the line says it was approved rather than "not uploaded".
 */
function documentLine(status: Level2State['status'], receivedAt: string | undefined) {
  if (receivedAt) return `رسیده در ${formatJalaliDateTime(receivedAt)}`
  return status === 'approved' ? 'بررسی و تأیید شد.' : 'هنوز بارگذاری نشده است.'
}

/**
 * Level 2: the state of the review (and the rejection's reason), the documents in, and an
 * upload form per kind. Without JavaScript each form is a plain multipart post to the page;
 * with it the same form goes through XMLHttpRequest to `LEVEL2_UPLOAD_URL` with a progress bar.
 */
export function Level2Section({
  level2,
  errors,
  errorKind,
}: {
  level2: Level2State
  /** The page action's errors for the upload of `errorKind`. */
  errors: FormErrors | undefined
  errorKind: string | undefined
}) {
  return (
    <div className="flex flex-col gap-4" data-testid="level2" data-status={level2.status}>
      <Alert tone={STATE_TONE[level2.status]}>
        <p>{STATE_TEXT[level2.status]}</p>
        {level2.status === 'rejected' && level2.reason ? (
          <p className="mt-1 font-semibold" data-testid="level2-reason">
            دلیل: {level2.reason}
          </p>
        ) : null}
        {level2.decided_at ? (
          <p className="mt-1 text-xs">{formatJalaliDateTime(level2.decided_at)}</p>
        ) : null}
      </Alert>
      <ul className="flex flex-col gap-3">
        {IDENTITY_DOCUMENT_KINDS.map((kind) => {
          const document = level2.documents.find((d) => d.kind === kind)
          return (
            <li
              key={kind}
              data-testid={`level2-${kind}`}
              data-uploaded={document ? 'yes' : 'no'}
              className="flex flex-col gap-2 rounded-xl border border-slate-200 p-4"
            >
              <p className="font-semibold text-slate-900">{IDENTITY_DOCUMENT_LABELS[kind]}</p>
              <p className="text-sm text-slate-600">
                {documentLine(level2.status, document?.created_at)}
              </p>
              {level2.can_upload ? (
                <UploadForm
                  kind={kind}
                  replacing={Boolean(document)}
                  serverErrors={errorKind === kind ? errors : undefined}
                />
              ) : null}
            </li>
          )
        })}
      </ul>
    </div>
  )
}

function UploadForm({
  kind,
  replacing,
  serverErrors,
}: {
  kind: IdentityDocumentKind
  replacing: boolean
  serverErrors: FormErrors | undefined
}) {
  const { errors, progress, busy, submitWith } = useUploadWithProgress({
    url: LEVEL2_UPLOAD_URL,
    serverErrors,
    failed: IDENTITY_TEXTS.documentFailed,
  })
  const onSubmit = submitWith((formData): Record<string, string[]> => {
    const picked = formData.get('file')
    return picked instanceof File && picked.size > 0 ? {} : { file: [IDENTITY_TEXTS.noFile] }
  })

  const fileErrors = [...(errors?.fields.file ?? []), ...(errors?.fields.kind ?? [])]
  return (
    <form
      method="post"
      encType="multipart/form-data"
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-2"
      data-testid={`upload-${kind}`}
    >
      <input type="hidden" name="intent" value="upload-document" />
      <input type="hidden" name="kind" value={kind} />
      <FormAlert errors={errors?.form ?? []} />
      <Field
        type="file"
        name="file"
        label={`${replacing ? 'تصویر تازه' : 'انتخاب تصویر'} (${IDENTITY_DOCUMENT_LABELS[kind]})`}
        accept={ACCEPTED}
        errors={fileErrors.length ? fileErrors : undefined}
        hint={`تصویر JPEG، PNG یا WebP، حداکثر ${toPersianDigits(10)} مگابایت؛ همهٔ نوشته‌ها خوانا باشد.`}
      />
      <div className="flex flex-wrap items-center gap-3">
        <BusyButton busy={busy} disabled={busy}>
          بارگذاری
        </BusyButton>
        <UploadProgress progress={progress} label="پیشرفت بارگذاری" className="flex-1" />
      </div>
    </form>
  )
}
