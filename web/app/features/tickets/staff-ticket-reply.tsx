import type { PreparedMessageOut } from '@arzpol/contracts/tickets/staff'
import { Form, Link } from '@remix-run/react'
import type { z } from 'zod'
import { Field, FormAlert, SubmitButton, TextAreaField } from '~/components/forms.tsx'
import { Panel } from '~/features/staff/ui.tsx'
import type { FormErrors } from '~/utils/form-errors.ts'
import { ACCEPTED_FILES, FILE_HINT } from './schemas.ts'
import { SeenAssignee } from './staff-ticket-assignment.tsx'
import type { StaffTicket } from './staff-ticket-summary.tsx'

/**
 * Support's answer to a ticket: a reply form that can send a prepared message (pinned ones
 * first, as payments-service lists them) instead of typing, and a file, and one-tap sending of
 * the pinned ones. Every reply says whom the agent saw working the ticket, and the form says
 * so when it is a colleague. A ticket the customer closed takes no reply.
 */

type PreparedMessage = z.output<typeof PreparedMessageOut>
type Assignee = NonNullable<StaffTicket['assignee']> | null

export function ClosedTicketNotice() {
  return (
    <Panel>
      <p className="text-sm text-slate-600">این تیکت را مشتری بسته است و پاسخ تازه‌ای نمی‌پذیرد.</p>
    </Panel>
  )
}

interface ReplyProps {
  assignee: Assignee
  prepared: readonly PreparedMessage[]
  preparedFailed: boolean
  errors: FormErrors | undefined
  /** What was typed into a refused reply. */
  content: string | undefined
}

export function StaffTicketReply({
  messageCount,
  me,
  ...reply
}: ReplyProps & {
  /** The thread's length: a reply that went through empties the form. */
  messageCount: number
  me: number
}) {
  const pinned = reply.prepared.filter((p) => p.is_pinned)
  const colleague = reply.assignee && reply.assignee.id !== me ? reply.assignee : null
  return (
    <Panel title="پاسخ به مشتری">
      {colleague ? (
        <p
          className="mb-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"
          data-testid="reply-colleague"
        >
          این تیکت با «<bdi>{colleague.username}</bdi>» است؛ پاسخ شما کنار پاسخ‌های او دیده می‌شود و
          تیکت با او می‌ماند.
        </p>
      ) : null}
      <ReplyForm key={messageCount} {...reply} />
      <PinnedReplies pinned={pinned} assignee={reply.assignee} />
    </Panel>
  )
}

function ReplyForm({ assignee, prepared, preparedFailed, errors, content }: ReplyProps) {
  const pinned = prepared.filter((p) => p.is_pinned)
  const others = prepared.filter((p) => !p.is_pinned)
  return (
    <Form method="post" encType="multipart/form-data" className="flex flex-col gap-4" noValidate>
      <SeenAssignee assignee={assignee} />
      {/* The prepared message comes from the select or from a pinned message's hidden
          field (and the select is absent without prepared messages), and the assignee seen is
          hidden: their errors go on top, where they are seen either way. */}
      <FormAlert
        errors={[
          ...(errors?.form ?? []),
          ...(errors?.fields.prepared_message ?? []),
          ...(errors?.fields.seen_assignee ?? []),
        ]}
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
            اگر متنی ننویسید، متن پیام آماده فرستاده می‌شود.{' '}
            <Link to="/staff/prepared-messages" className="text-teal-800 underline">
              نوشتن و ویرایش پیام‌های آماده
            </Link>
          </p>
        </div>
      ) : preparedFailed ? null : (
        <p className="text-xs text-slate-500">
          پیام آماده‌ای نیست؛{' '}
          <Link to="/staff/prepared-messages" className="text-teal-800 underline">
            پیام‌های آماده را بنویسید
          </Link>{' '}
          تا پاسخ‌های پرتکرار را با یک انتخاب بفرستید.
        </p>
      )}
      <TextAreaField
        name="content"
        label="متن پاسخ"
        rows={4}
        defaultValue={content}
        errors={errors?.fields.content}
      />
      <Field
        type="file"
        name="file"
        label="پیوست (اختیاری)"
        accept={ACCEPTED_FILES}
        hint={FILE_HINT}
        errors={errors?.fields.file}
      />
      <div>
        <SubmitButton intent="reply">ارسال پاسخ</SubmitButton>
      </div>
    </Form>
  )
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

/** The pinned prepared messages, each sent with one tap. */
function PinnedReplies({
  pinned,
  assignee,
}: {
  pinned: readonly PreparedMessage[]
  assignee: Assignee
}) {
  if (pinned.length === 0) return null
  return (
    <div className="mt-5 border-t border-slate-100 pt-4">
      <p className="mb-2 text-sm font-medium text-slate-700">ارسال سریع پیام‌های سنجاق‌شده</p>
      <ul className="flex flex-col gap-2" data-testid="pinned-prepared">
        {pinned.map((p) => (
          <li key={p.id}>
            <Form method="post" className="flex items-start justify-between gap-3">
              <input type="hidden" name="prepared_message" value={p.id} />
              <SeenAssignee assignee={assignee} />
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
  )
}
