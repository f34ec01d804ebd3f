import { Link, useActionData, useFetcher } from '@remix-run/react'
import { useEffect, useId, useRef, useState } from 'react'
import { COMMENT_FETCHER_KEY, MAX_COMMENT_LENGTH, type CommentActionData } from './comments.ts'
import { useHydrated } from '~/components/hydration.ts'
import { BusyButton } from '~/components/forms.tsx'

/**
 * The comment form (docs/product/blog-and-comments.md). With JavaScript it posts in place: the
 * button stays disabled while the text is blank, the text is cleared after a success and the list
 * reloads (the post page shows the new comment at once: `withOwnComment`). Without JavaScript it is an ordinary form post whose answer is the whole page with the
 * message (and, after a failure, the text given back).
 */

export function CommentForm() {
  const fetcher = useFetcher<CommentActionData>({ key: COMMENT_FETCHER_KEY })
  const documentResult = useActionData<CommentActionData>()
  const result = fetcher.data ?? documentResult
  const hydrated = useHydrated()
  const [text, setText] = useState(documentResult?.content ?? '')
  const handled = useRef<unknown>(null)
  const fieldId = useId()
  const feedbackId = `${fieldId}-feedback`
  const busy = fetcher.state !== 'idle'
  const blank = text.trim() === ''

  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data || fetcher.data === handled.current) return
    handled.current = fetcher.data
    if (fetcher.data.status === 'created') setText('')
  }, [fetcher.state, fetcher.data])

  return (
    <fetcher.Form
      method="post"
      preventScrollReset
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4"
      onSubmit={(event) => {
        // Blank or whitespace-only text is never sent.
        if (blank) event.preventDefault()
      }}
    >
      <label htmlFor={fieldId} className="text-sm font-semibold text-slate-800">
        دیدگاه شما
      </label>
      <textarea
        id={fieldId}
        name="content"
        rows={4}
        required
        maxLength={MAX_COMMENT_LENGTH}
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-describedby={feedbackId}
        placeholder="دیدگاه یا پرسش خود را بنویسید…"
        className="w-full resize-y rounded-xl border border-slate-300 bg-white px-4 py-3 text-base leading-7 text-slate-900 outline-none placeholder:text-slate-400 focus:border-teal-600 focus:ring-3 focus:ring-teal-600/20"
      />
      <div className="flex flex-wrap items-center gap-3">
        <BusyButton
          busy={busy}
          // Disabled only once JavaScript runs: without it the button must stay usable.
          disabled={hydrated && (blank || busy)}
        >
          ارسال دیدگاه
        </BusyButton>
      </div>
      <div id={feedbackId} aria-live="polite">
        {result && result.status === 'created' ? (
          <p
            role="status"
            className="rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900"
          >
            {result.message}
          </p>
        ) : null}
        {result &&
        (result.status === 'signed-out' ||
          result.status === 'failed' ||
          result.status === 'refused') ? (
          <div
            role="alert"
            className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
          >
            <p>{result.message}</p>
            {result.status === 'signed-out' ? (
              <p className="flex gap-3">
                <Link to="/?auth=login" className="font-bold text-teal-800 underline">
                  ورود
                </Link>
                <Link to="/?auth=register" className="font-bold text-teal-800 underline">
                  ثبت نام
                </Link>
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
      {result && result.status === 'created' && result.held ? (
        // A held comment stays visible to its author, marked as waiting, until a moderator decides.
        <article
          data-testid="held-comment"
          className="flex flex-col gap-2 rounded-2xl border border-amber-200 bg-amber-50 p-4"
        >
          <div className="flex flex-wrap items-center justify-between gap-2 text-xs">
            <span className="font-bold text-slate-800">دیدگاه شما</span>
            <span className="rounded-full bg-amber-100 px-2.5 py-0.5 font-semibold text-amber-900">
              در انتظار بررسی
            </span>
          </div>
          <p className="text-sm leading-7 whitespace-pre-line text-slate-800">
            <bdi>{result.held}</bdi>
          </p>
        </article>
      ) : null}
    </fetcher.Form>
  )
}
