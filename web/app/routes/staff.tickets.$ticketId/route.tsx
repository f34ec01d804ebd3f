import { readFormData } from '~/utils/form-data.server.ts'
import { formatJalaliDateTime, formatNumberFa } from '@arzpol/contracts'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { FormAlert, SubmitButton, TextAreaField } from '~/components/forms.tsx'
import { CustomerName, Badge, PageHeader, Panel } from '~/features/staff/ui.tsx'
import type { FormErrors } from '~/utils/form-errors.ts'
import { parseReply } from '~/features/tickets/staff-ticket-forms.server.ts'
import {
  getTicket,
  listMessages,
  listPreparedMessages,
  replyToTicket,
} from '~/features/tickets/staff-tickets.server.ts'
import {
  readOrThrow,
  redirectWithFlash,
  requireStaffRecord,
  staffFailure,
} from '~/features/staff/staff.server.ts'
import { privatePageMeta } from '~/utils/private-page-meta.ts'

/**
 * One ticket as support sees it: the customer, the whole thread, and a reply form that can send a
 * prepared message (pinned ones first, as payments-service lists them) instead of typing.
 */

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { id, tokens, headers } = await requireStaffRecord(request, params.ticketId)
  const [ticket, messages, prepared] = await Promise.all([
    getTicket(request, tokens.access, id),
    listMessages(request, tokens.access, id),
    listPreparedMessages(request, tokens.access),
  ])
  return data(
    {
      ticket: readOrThrow(ticket, headers),
      messages: readOrThrow(messages, headers),
      // Prepared messages only help; the page works without them.
      prepared: prepared.ok ? prepared.data : [],
      preparedFailed: !prepared.ok,
    },
    { headers },
  )
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { id, tokens, headers } = await requireStaffRecord(request, params.ticketId)
  const parsed = parseReply(await readFormData(request))
  if (!parsed.ok) return data({ errors: parsed.errors }, { status: 400, headers })
  const { content, preparedMessage } = parsed.value
  const result = await replyToTicket(request, tokens.access, id, {
    ...(content ? { content } : {}),
    ...(preparedMessage !== null ? { prepared_message: preparedMessage } : {}),
  })
  if (!result.ok) {
    const errors: FormErrors = staffFailure(result, 'ارسال پاسخ ممکن نشد', {
      content: 'content',
      prepared_message: 'prepared_message',
    })
    return data({ errors }, { status: result.status === 503 ? 503 : 400, headers })
  }
  return redirectWithFlash(`/staff/tickets/${id}`, 'پاسخ شما برای مشتری ارسال شد.', headers)
}

/** One group of the prepared-message select; nothing when the group is empty. */
function PreparedGroup(props: {
  label: string
  messages: readonly { id: number; title: string }[]
}) {
  if (props.messages.length === 0) return null
  return (
    <optgroup label={props.label}>
      {props.messages.map((message) => (
        <option key={message.id} value={message.id}>
          {message.title}
        </option>
      ))}
    </optgroup>
  )
}

export default function StaffTicket() {
  const { ticket, messages, prepared, preparedFailed } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const errors = actionData?.errors
  const pinned = prepared.filter((p) => p.is_pinned)
  const others = prepared.filter((p) => !p.is_pinned)
  return (
    <>
      <PageHeader title={ticket.title} back={{ to: '/staff/tickets', label: 'بازگشت به تیکت‌ها' }}>
        تیکت <bdi>#{formatNumberFa(ticket.id)}</bdi>
        {ticket.category_name ? ` · ${ticket.category_name}` : ''} · ثبت{' '}
        {formatJalaliDateTime(ticket.created_at)}
      </PageHeader>
      <Panel>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="text-slate-500">مشتری</dt>
          <dd>
            <Link
              to={`/staff/users/${ticket.customer.id}`}
              className="font-semibold text-teal-800 underline"
            >
              <CustomerName {...ticket.customer} />
            </Link>
          </dd>
          <dt className="text-slate-500">وضعیت</dt>
          <dd className="flex gap-2">
            {ticket.status === 'closed' ? <Badge>بسته</Badge> : <Badge tone="emerald">باز</Badge>}
            {ticket.waiting_for_staff ? <Badge tone="amber">منتظر پاسخ</Badge> : null}
          </dd>
        </dl>
      </Panel>
      <Panel title="گفتگو" testId="staff-ticket-thread">
        <ol className="flex flex-col gap-3">
          {messages.map((message) => (
            <li
              key={message.id}
              data-testid="staff-ticket-message"
              className={`max-w-[85%] rounded-2xl px-4 py-3 ${
                message.is_staff
                  ? 'self-end bg-teal-50 ring-1 ring-teal-100'
                  : 'self-start bg-slate-50 ring-1 ring-slate-200'
              }`}
            >
              <p className="text-xs font-semibold text-slate-600">
                <bdi>{message.is_staff ? message.author.username : 'مشتری'}</bdi> ·{' '}
                <time dateTime={message.created_at}>
                  {formatJalaliDateTime(message.created_at)}
                </time>
              </p>
              {message.content ? (
                <p className="mt-1 leading-7 whitespace-pre-line text-slate-900">
                  {message.content}
                </p>
              ) : null}
              {message.attachments.length > 0 ? (
                <ul className="mt-2 flex flex-wrap gap-2">
                  {message.attachments.map((file) => (
                    <li key={file.id}>
                      <a
                        href={`/staff/tickets/${ticket.id}/attachments/${file.id}`}
                        className="text-sm text-teal-800 underline"
                      >
                        <bdi>{file.name}</bdi>
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      </Panel>
      {ticket.status === 'closed' ? (
        <Panel>
          <p className="text-sm text-slate-600">
            این تیکت را مشتری بسته است و پاسخ تازه‌ای نمی‌پذیرد.
          </p>
        </Panel>
      ) : (
        <Panel title="پاسخ به مشتری">
          <Form key={messages.length} method="post" className="flex flex-col gap-4" noValidate>
            {/* The prepared message comes from the select or from a pinned message's hidden
                field (and the select is absent without prepared messages): its error goes on
                top, where it is seen either way. */}
            <FormAlert
              errors={[...(errors?.form ?? []), ...(errors?.fields.prepared_message ?? [])]}
            />
            {preparedFailed ? (
              <p className="text-sm text-amber-800">پیام‌های آماده در حال حاضر در دسترس نیستند.</p>
            ) : null}
            {prepared.length > 0 ? (
              <div className="flex flex-col gap-1.5">
                <label htmlFor="prepared_message" className="text-sm font-medium text-slate-800">
                  پیام آماده
                </label>
                <select
                  id="prepared_message"
                  name="prepared_message"
                  defaultValue=""
                  className="w-full rounded-xl border border-slate-300 bg-white px-3 py-2.5"
                >
                  <option value="">بدون پیام آماده (متن زیر را می‌فرستم)</option>
                  <PreparedGroup label="سنجاق‌شده" messages={pinned} />
                  <PreparedGroup label="سایر پیام‌ها" messages={others} />
                </select>
                <p className="text-xs text-slate-500">
                  اگر متنی ننویسید، متن پیام آماده فرستاده می‌شود.
                </p>
              </div>
            ) : null}
            <TextAreaField
              name="content"
              label="متن پاسخ"
              rows={4}
              errors={errors?.fields.content}
            />
            <div>
              <SubmitButton intent="reply">ارسال پاسخ</SubmitButton>
            </div>
          </Form>
          {pinned.length > 0 ? (
            <div className="mt-5 border-t border-slate-100 pt-4">
              <p className="mb-2 text-sm font-medium text-slate-700">
                ارسال سریع پیام‌های سنجاق‌شده
              </p>
              <ul className="flex flex-col gap-2" data-testid="pinned-prepared">
                {pinned.map((p) => (
                  <li key={p.id}>
                    <Form method="post" className="flex items-start justify-between gap-3">
                      <input type="hidden" name="prepared_message" value={p.id} />
                      <span className="text-sm text-slate-700">
                        <span className="font-semibold">{p.title}: </span>
                        {p.content}
                      </span>
                      <SubmitButton intent="reply" variant="secondary" className="shrink-0">
                        ارسال
                      </SubmitButton>
                    </Form>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </Panel>
      )}
    </>
  )
}

export const meta: MetaFunction = () => privatePageMeta('تیکت | پنل پشتیبانی ارزپل')

export { StaffErrorBoundary as ErrorBoundary } from '~/features/staff/ui.tsx'
