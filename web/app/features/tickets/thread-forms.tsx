import { Form, Link, useFetcher } from '@remix-run/react'
import type { FormEvent } from 'react'
import { useId, useState } from 'react'
import { BusyButton, ErrorList, FormAlert } from '~/components/forms.tsx'
import type { FormErrors } from '~/utils/form-errors.ts'
import {
  ACCEPTED_FILES,
  FILE_HINT,
  MAX_CONTENT_LENGTH,
  messageProblems,
  TICKET_INTENTS,
  TICKET_MESSAGES,
} from './schemas.ts'
import { LineIcon } from '~/components/ui/icon.tsx'
import { UploadProgress, useUploadWithProgress } from './upload-progress.tsx'

/**
 * A ticket thread's forms (docs/product/tickets.md): send a message with a file (with upload
 * progress when JavaScript runs) and close the ticket, with a confirmation step that works without
 * it.
 */

/** The thread route's action answer: which form it was for, its errors, the text as sent. */
export interface ThreadActionData {
  intent: string
  errors: FormErrors
  /** The text as sent, so a refused message is not lost (without JavaScript). */
  content?: string
}

export function CloseButton({
  ticketId,
  errors,
}: {
  ticketId: number
  errors: FormErrors | undefined
}) {
  const fetcher = useFetcher<ThreadActionData>()
  const busy = fetcher.state !== 'idle'
  const shown = fetcher.data?.errors ?? errors
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // With JavaScript: the browser's confirm(), then a background post. Without it, this form
    // is a plain GET to the confirmation step below.
    event.preventDefault()
    if (!window.confirm(TICKET_MESSAGES.closeConfirm)) return
    void fetcher.submit(
      { intent: TICKET_INTENTS.close },
      { method: 'post', action: `/dashboard/tickets/${ticketId}` },
    )
  }
  return (
    <div className="flex flex-col items-end gap-2">
      <Form method="get" action={`/dashboard/tickets/${ticketId}`} onSubmit={onSubmit}>
        <button
          type="submit"
          name="confirm_close"
          value="1"
          disabled={busy}
          aria-busy={busy || undefined}
          className="rounded-xl px-4 py-2 text-sm font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50 disabled:text-slate-400"
        >
          بستن تیکت
        </button>
      </Form>
      {shown ? <FormAlert errors={shown.form} /> : null}
    </div>
  )
}

export function CloseConfirmation({ ticketId }: { ticketId: number }) {
  return (
    <div
      role="alertdialog"
      aria-labelledby="close-confirm-text"
      className="flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-4"
    >
      <p id="close-confirm-text" className="font-medium text-red-900">
        {TICKET_MESSAGES.closeConfirm}
      </p>
      <div className="flex flex-wrap gap-3">
        <Form method="post" action={`/dashboard/tickets/${ticketId}`}>
          <button
            type="submit"
            name="intent"
            value={TICKET_INTENTS.close}
            className="rounded-xl bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
          >
            بله، تیکت بسته شود
          </button>
        </Form>
        <Link
          to={`/dashboard/tickets/${ticketId}`}
          className="rounded-xl px-4 py-2 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-white"
        >
          انصراف
        </Link>
      </div>
    </div>
  )
}

/**
 * The message form. Without JavaScript it posts (multipart) to this route's action. With it the
 * same form data goes through XMLHttpRequest to the `messages` resource route, which reports
 * upload progress; the textarea is uncontrolled, so a thread refresh never touches its text.
 */
export function SendForm({
  ticketId,
  closed,
  serverErrors,
  serverContent,
}: {
  ticketId: number
  closed: boolean
  serverErrors: FormErrors | undefined
  serverContent: string | undefined
}) {
  const {
    errors,
    progress,
    busy: sending,
    submitWith,
  } = useUploadWithProgress({
    url: `/dashboard/tickets/${ticketId}/messages`,
    serverErrors,
    failed: TICKET_MESSAGES.sendFailed,
  })
  const [fileName, setFileName] = useState('')
  const id = useId()

  const onSubmit = submitWith(
    (formData) => {
      const picked = formData.get('file')
      const file = picked instanceof File && picked.size > 0 ? picked : null
      if (!file) formData.delete('file')
      return messageProblems(String(formData.get('content') ?? ''), file)
    },
    () => setFileName(''),
  )

  const contentErrors = errors?.fields.content
  const fileErrors = errors?.fields.file
  return (
    <form
      method="post"
      action={`/dashboard/tickets/${ticketId}`}
      encType="multipart/form-data"
      noValidate
      onSubmit={onSubmit}
      data-testid="thread-form"
      aria-label="ارسال پیام"
      className="flex flex-col gap-3"
    >
      <input type="hidden" name="intent" value={TICKET_INTENTS.send} />
      <FormAlert errors={errors?.form ?? []} />
      <label htmlFor={`${id}-content`} className="sr-only">
        متن پیام
      </label>
      <textarea
        id={`${id}-content`}
        name="content"
        rows={3}
        maxLength={MAX_CONTENT_LENGTH}
        disabled={closed}
        defaultValue={serverContent}
        placeholder={closed ? 'این تیکت بسته شده است' : 'پیام خود را بنویسید…'}
        aria-invalid={contentErrors ? true : undefined}
        aria-describedby={contentErrors ? `${id}-content-error` : undefined}
        className="w-full rounded-xl border border-slate-300 bg-white px-4 py-3 text-base text-slate-900 shadow-xs outline-none transition placeholder:text-slate-400 focus:border-teal-600 focus:ring-3 focus:ring-teal-600/20 aria-invalid:border-red-500 disabled:cursor-not-allowed disabled:bg-slate-100"
      />
      <ErrorList id={`${id}-content-error`} errors={contentErrors} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <label
            className={`inline-flex cursor-pointer items-center gap-2 rounded-xl px-3 py-2 text-sm font-medium ring-1 ${
              closed
                ? 'cursor-not-allowed text-slate-400 ring-slate-200'
                : 'text-teal-800 ring-teal-200 focus-within:ring-2 focus-within:ring-teal-600 hover:bg-teal-50'
            }`}
          >
            <LineIcon
              d="m21 12-8.5 8.5a5 5 0 0 1-7-7L14 5a3.5 3.5 0 0 1 5 5l-8.5 8.5a2 2 0 0 1-3-3L15 8"
              className="size-4"
            />
            پیوست فایل
            <input
              type="file"
              name="file"
              accept={ACCEPTED_FILES}
              disabled={closed}
              onChange={(event) => setFileName(event.currentTarget.files?.[0]?.name ?? '')}
              aria-invalid={fileErrors ? true : undefined}
              aria-describedby={`${id}-file-hint${fileErrors ? ` ${id}-file-error` : ''}`}
              className="sr-only"
            />
          </label>
          <p id={`${id}-file-hint`} className="text-xs text-slate-500">
            {fileName ? <bdi data-testid="chosen-file">{fileName}</bdi> : FILE_HINT}
          </p>
          <ErrorList id={`${id}-file-error`} errors={fileErrors} />
        </div>
        <BusyButton busy={sending} disabled={closed || sending}>
          ارسال
        </BusyButton>
      </div>
      <UploadProgress progress={progress} label="پیشرفت ارسال" />
    </form>
  )
}
