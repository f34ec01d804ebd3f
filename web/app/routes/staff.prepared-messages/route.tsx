import { formatJalaliDateTime, formatNumberFa } from '@arzpol/contracts'
import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { boundFields, Field, FormAlert, SubmitButton, TextAreaField } from '~/components/forms.tsx'
import {
  createPrepared,
  deletePrepared,
  pinPrepared,
  PREPARED_INTENTS,
  preparedCreateSchema,
  preparedEditSchema,
  preparedIdSchema,
  updatePrepared,
  type PreparedIntent,
} from '~/features/tickets/prepared-messages.server.ts'
import {
  listPreparedMessages,
  type PreparedMessage,
} from '~/features/tickets/staff-tickets.server.ts'
import { FORM_MESSAGES, parseFormData } from '~/features/staff/staff-forms.server.ts'
import { readForStaff, readStaffForm } from '~/features/staff/staff-route.server.ts'
import { redirectWithFlash, staffFailure } from '~/features/staff/staff.server.ts'
import { Badge, EmptyState, PageHeader, Panel } from '~/features/staff/ui.tsx'
import { allMessages, type FormErrors } from '~/utils/form-errors.ts'
import { privatePageMeta } from '~/utils/private-page-meta.ts'

/**
 * Prepared messages: support's saved answers, offered in every ticket's reply form (pinned ones
 * first). Here staff write new ones, edit their title and text, pin the ones they use most and
 * delete the ones nobody should send any more. Plain forms: each works without JavaScript.
 */

export async function loader({ request }: LoaderFunctionArgs) {
  const { answer: messages, headers } = await readForStaff(request, listPreparedMessages)
  return data({ messages }, { headers })
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

type ActionResult = {
  intent: string
  id: number | null
  errors: FormErrors
  values: { title: string; content: string }
}

const DONE: Record<PreparedIntent, string> = {
  create: 'پیام آماده ذخیره شد.',
  update: 'تغییرات پیام آماده ذخیره شد.',
  pin: 'پیام آماده سنجاق شد و در فرم پاسخ اول می‌آید.',
  unpin: 'سنجاق پیام آماده برداشته شد.',
  delete: 'پیام آماده حذف شد.',
}

export async function action({ request }: ActionFunctionArgs) {
  const { tokens, headers, form } = await readStaffForm(request)
  const intent = String(form.get('intent') ?? '')
  const id = Number(form.get('id')) || null
  const values = {
    title: String(form.get('title') ?? ''),
    content: String(form.get('content') ?? ''),
  }
  const fail = (errors: FormErrors, status = 400) =>
    data<ActionResult>({ intent, id, errors, values }, { status, headers })
  if (!(PREPARED_INTENTS as readonly string[]).includes(intent)) {
    return fail({ form: [FORM_MESSAGES.unknownAction], fields: {} })
  }
  const result = await send(request, tokens.access, intent as PreparedIntent, form)
  if ('errors' in result) return fail(result.errors)
  if (!result.ok) {
    return fail(
      staffFailure(result, 'ذخیرهٔ پیام آماده ممکن نشد', { title: 'title', content: 'content' }),
      result.status >= 500 ? 503 : 400,
    )
  }
  return redirectWithFlash('/staff/prepared-messages', DONE[intent as PreparedIntent], headers)
}

/** Checks the form of `intent` with the contract and sends it on; the refusal when it fails. */
async function send(request: Request, token: string, intent: PreparedIntent, form: FormData) {
  if (intent === 'create') {
    const parsed = parseFormData(preparedCreateSchema, form)
    return parsed.ok ? createPrepared(request, token, parsed.value) : { errors: parsed.errors }
  }
  if (intent === 'update') {
    const parsed = parseFormData(preparedEditSchema, form)
    if (!parsed.ok) return { errors: parsed.errors }
    const { id, ...body } = parsed.value
    return updatePrepared(request, token, id, body)
  }
  const parsed = parseFormData(preparedIdSchema, form)
  if (!parsed.ok) return { errors: parsed.errors }
  if (intent === 'delete') return deletePrepared(request, token, parsed.value.id)
  return pinPrepared(request, token, parsed.value.id, intent === 'pin')
}

export default function StaffPreparedMessages() {
  const { messages } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  // A refusal about a message no longer listed (deleted meanwhile, a tampered id) shows on top.
  const placed = result?.intent === 'create' || messages.some((m) => m.id === result?.id)
  const unplaced = result && !placed ? allMessages(result.errors) : []
  return (
    <>
      <PageHeader title="پیام‌های آماده">
        {formatNumberFa(messages.length)} پیام؛ پیام‌های سنجاق‌شده در فرم پاسخ تیکت اول می‌آیند.
      </PageHeader>
      {unplaced.length ? <FormAlert errors={unplaced} /> : null}
      <Panel title="پیام آمادهٔ تازه" testId="prepared-new">
        <PreparedForm intent="create" result={result?.intent === 'create' ? result : undefined} />
      </Panel>
      {messages.length === 0 ? (
        <EmptyState>هنوز پیام آماده‌ای نیست.</EmptyState>
      ) : (
        <ul className="flex flex-col gap-4">
          {messages.map((message) => (
            <li key={message.id}>
              <PreparedCard
                message={message}
                result={result?.id === message.id ? result : undefined}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

function PreparedCard({ message, result }: { message: PreparedMessage; result?: ActionResult }) {
  const formErrors = result && result.intent !== 'update' ? allMessages(result.errors) : []
  return (
    <Panel title={message.title} testId={`prepared-${message.id}`}>
      <div className="flex flex-col gap-3">
        <p className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
          {message.is_pinned ? <Badge tone="amber">سنجاق‌شده</Badge> : null}
          آخرین تغییر: {formatJalaliDateTime(message.updated_at)}
        </p>
        <PreparedForm
          intent="update"
          message={message}
          result={result?.intent === 'update' ? result : undefined}
        />
        <Form method="post" className="flex flex-wrap gap-2 border-t border-slate-100 pt-3">
          <FormAlert errors={formErrors} />
          <input type="hidden" name="id" value={message.id} />
          <SubmitButton intent={message.is_pinned ? 'unpin' : 'pin'} variant="secondary">
            {message.is_pinned ? 'برداشتن سنجاق' : 'سنجاق کردن'}
          </SubmitButton>
          <SubmitButton intent="delete" variant="secondary">
            حذف
          </SubmitButton>
        </Form>
      </div>
    </Panel>
  )
}

function PreparedForm(props: {
  intent: 'create' | 'update'
  message?: PreparedMessage
  result?: ActionResult | undefined
}) {
  const { intent, message, result } = props
  const errors = result?.errors
  // A refused form shows what was sent; otherwise the message as saved (blank for a new one).
  const field = boundFields(
    errors,
    result?.values ?? { title: message?.title, content: message?.content },
  )
  return (
    <Form method="post" noValidate className="flex flex-col gap-3">
      <FormAlert errors={errors?.form ?? []} />
      {message ? <input type="hidden" name="id" value={message.id} /> : null}
      <Field {...field('title')} label="عنوان (فقط برای پشتیبانی)" maxLength={100} dir="auto" />
      <TextAreaField
        {...field('content')}
        label="متن پیام (همین متن برای مشتری فرستاده می‌شود)"
        rows={4}
        dir="auto"
      />
      <div>
        <SubmitButton intent={intent}>
          {intent === 'create' ? 'افزودن' : 'ذخیرهٔ تغییرات'}
        </SubmitButton>
      </div>
    </Form>
  )
}

export const meta: MetaFunction = () => privatePageMeta('پیام‌های آماده | پنل پشتیبانی ارزپل')

export { StaffErrorBoundary as ErrorBoundary } from '~/features/staff/ui.tsx'
