import { formatJalaliDateTime, toPersianDigits } from '@arzpol/contracts'
import { Form, NavLink, useLocation, useNavigation, useRevalidator } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import {
  CheckedForm,
  Field,
  FormAlert,
  SelectField,
  SubmitButton,
  TextAreaField,
} from '~/components/forms.tsx'
import type { FormErrors } from '~/utils/form-errors.ts'
import { useValidatedForm } from '~/utils/use-validated-form.ts'
import {
  ACCEPTED_FILES,
  FILE_HINT,
  MAX_CONTENT_LENGTH,
  MAX_TITLE_LENGTH,
  schemaForIntent,
  TICKET_INTENTS,
} from './schemas.ts'

/** The tickets page's pieces: status badge, list, new-ticket form, one message. */

export interface TicketSummary {
  id: number
  title: string
  category_name: string
  status: 'open' | 'closed'
  status_display: string
  updated_at: string
}

export interface ThreadMessage {
  id: number
  content: string
  author: { id: number; username: string }
  is_staff: boolean
  created_at: string
  attachments: Array<{ id: number; name: string; content_type: string; size: number }>
}

export const ticketNumber = (id: number) => `#${toPersianDigits(id)}`

export function jalali(value: string): string {
  try {
    return formatJalaliDateTime(value)
  } catch {
    return ''
  }
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${toPersianDigits((bytes / 1024 / 1024).toFixed(1))} مگابایت`
  if (bytes >= 1024) return `${toPersianDigits(Math.round(bytes / 1024))} کیلوبایت`
  return `${toPersianDigits(bytes)} بایت`
}

export function StatusBadge({
  ticket,
}: {
  ticket: Pick<TicketSummary, 'status' | 'status_display'>
}) {
  const look =
    ticket.status === 'closed'
      ? 'bg-slate-100 text-slate-600 ring-slate-200'
      : 'bg-emerald-50 text-emerald-800 ring-emerald-200'
  return (
    <span
      data-testid="ticket-status"
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${look}`}
    >
      {ticket.status_display}
    </span>
  )
}

const ticketLinkClass = ({ isActive }: { isActive: boolean }) =>
  `flex flex-col gap-1.5 rounded-xl border px-3 py-3 text-start transition-colors ${
    isActive
      ? 'border-teal-600 bg-teal-50'
      : 'border-slate-200 bg-white hover:border-teal-300 hover:bg-slate-50'
  }`

export function TicketList({ tickets, failed }: { tickets: TicketSummary[]; failed: boolean }) {
  const location = useLocation()
  const revalidator = useRevalidator()
  const reloading = revalidator.state === 'loading'
  return (
    <section
      aria-labelledby="ticket-list-title"
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="ticket-list-title" className="font-bold text-slate-900">
          تیکت‌های من
        </h2>
        {/* Without JavaScript: a plain GET of this page. With it: fetch the lists again. */}
        <Form
          method="get"
          action={location.pathname}
          onSubmit={(event) => {
            event.preventDefault()
            revalidator.revalidate()
          }}
        >
          <button
            type="submit"
            disabled={reloading}
            aria-busy={reloading || undefined}
            className="rounded-lg px-2.5 py-1.5 text-sm font-medium text-teal-800 ring-1 ring-teal-200 hover:bg-teal-50 disabled:text-slate-400"
          >
            {reloading ? 'در حال بارگذاری…' : 'بارگذاری مجدد'}
          </button>
        </Form>
      </div>
      {failed ? (
        <p role="alert" className="text-sm text-red-700">
          دریافت فهرست تیکت‌ها ممکن نشد. دوباره تلاش کنید.
        </p>
      ) : null}
      {tickets.length === 0 && !failed ? (
        <p className="text-sm leading-7 text-slate-600">هنوز تیکتی ثبت نکرده‌اید.</p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="ticket-list">
          {tickets.map((ticket) => (
            <li key={ticket.id}>
              <NavLink to={`/dashboard/tickets/${ticket.id}`} className={ticketLinkClass}>
                <span className="flex items-start justify-between gap-2">
                  <span className="line-clamp-2 font-semibold text-slate-900">
                    <bdi>{ticket.title}</bdi>
                  </span>
                  <StatusBadge ticket={ticket} />
                </span>
                <span className="flex flex-wrap items-center gap-x-2 text-xs text-slate-500">
                  <span>{ticketNumber(ticket.id)}</span>
                  {ticket.category_name ? <span>{ticket.category_name}</span> : null}
                  <time dateTime={ticket.updated_at}>{jalali(ticket.updated_at)}</time>
                </span>
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

export interface NewTicketValues {
  title?: string
  category?: string
  subject?: string
  message?: string
  order_id?: string
}

/**
 * The new-ticket form behind a toggle. `<details>` opens and closes without JavaScript; with
 * it, the panel also closes itself once a ticket was created.
 */
export function NewTicketPanel({
  categories,
  orders,
  initiallyOpen,
  serverErrors,
  values,
}: {
  categories: Array<{ id: number; name: string }>
  /** The customer's orders a ticket may name (value: its id). */
  orders: Array<{ value: string; label: string }>
  initiallyOpen: boolean
  serverErrors: FormErrors | undefined
  values: NewTicketValues | undefined
}) {
  const check = useValidatedForm(schemaForIntent, serverErrors)
  const { errors } = check
  const [open, setOpen] = useState(initiallyOpen)
  const formRef = useRef<HTMLFormElement>(null)
  const navigation = useNavigation()
  const creating =
    navigation.state !== 'idle' && navigation.formData?.get('intent') === TICKET_INTENTS.create
  const wasCreating = useRef(false)

  useEffect(() => {
    if (creating) {
      wasCreating.current = true
    } else if (wasCreating.current) {
      wasCreating.current = false
      if (!serverErrors) {
        formRef.current?.reset()
        setOpen(false)
      }
    }
  }, [creating, serverErrors])
  useEffect(() => {
    // A link to ?new=1, or the server refused the form: show it.
    if (initiallyOpen || serverErrors) setOpen(true)
  }, [initiallyOpen, serverErrors])

  return (
    <details
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="group rounded-2xl border border-slate-200 bg-white"
    >
      <summary
        data-testid="new-ticket-toggle"
        className="flex cursor-pointer list-none items-center justify-between gap-3 px-5 py-4 font-semibold text-teal-800 [&::-webkit-details-marker]:hidden"
      >
        <span>تیکت جدید</span>
        <span aria-hidden="true" className="text-xl leading-none transition group-open:rotate-45">
          +
        </span>
      </summary>
      <CheckedForm
        ref={formRef}
        check={check}
        action="/dashboard/tickets"
        encType="multipart/form-data"
        className="flex flex-col gap-4 border-t border-slate-100 px-5 py-5"
      >
        <Field
          name="title"
          label="عنوان"
          maxLength={MAX_TITLE_LENGTH}
          required
          defaultValue={values?.title}
          errors={errors.fields.title}
        />
        <SelectField
          name="category"
          label="دسته‌بندی"
          options={categories.map((category) => ({
            value: String(category.id),
            label: category.name,
          }))}
          placeholder="انتخاب کنید"
          required
          defaultValue={values?.category ?? ''}
          errors={errors.fields.category}
        />
        <TextAreaField
          name="message"
          label="پیام اولیه"
          rows={5}
          required
          maxLength={MAX_CONTENT_LENGTH}
          defaultValue={values?.message}
          errors={errors.fields.message}
        />
        {orders.length > 0 ? (
          <SelectField
            name="order_id"
            label="دربارهٔ کدام سفارش؟ (اختیاری)"
            options={orders}
            placeholder="هیچ‌کدام"
            defaultValue={values?.order_id ?? ''}
            errors={errors.fields.order_id}
          />
        ) : errors.fields.order_id?.length ? (
          // No picker without orders, yet a posted order id can still be refused: say so here.
          <FormAlert errors={errors.fields.order_id} />
        ) : null}
        <Field
          type="file"
          name="file"
          label="پیوست (اختیاری)"
          accept={ACCEPTED_FILES}
          errors={errors.fields.file}
          hint={`${FILE_HINT}؛ مثلاً تصویر رسید یا پیام خطا.`}
        />
        <SubmitButton intent={TICKET_INTENTS.create} className="self-start">
          ثبت تیکت
        </SubmitButton>
      </CheckedForm>
    </details>
  )
}

/**
 * One message: the customer's at the start (right), support's at the end, in another colour.
 * `early`: a message far above the newest, which the browser lays out only when it is scrolled
 * to (a long thread on a phone otherwise blocks the page while every message is laid out). The
 * newest are always laid out, so the thread opens exactly at its end.
 */
export function MessageBubble({
  ticketId,
  message,
  early = false,
}: {
  ticketId: number
  message: ThreadMessage
  early?: boolean
}) {
  const staff = message.is_staff
  return (
    <li
      data-testid="ticket-message"
      data-author={staff ? 'staff' : 'customer'}
      className={`flex ${staff ? 'justify-end' : 'justify-start'} ${
        early ? '[contain-intrinsic-size:auto_7rem] [content-visibility:auto]' : ''
      }`}
    >
      <article
        aria-label={staff ? `پیام پشتیبانی (${message.author.username})` : 'پیام شما'}
        className={`flex max-w-[85%] flex-col gap-2 rounded-2xl px-4 py-3 ${
          staff
            ? 'rounded-se-sm border border-amber-200 bg-amber-50 text-slate-900'
            : 'rounded-ss-sm bg-teal-700 text-white'
        }`}
      >
        <header className="flex flex-wrap items-center gap-2 text-xs">
          {staff ? (
            <span className="rounded-full bg-amber-200 px-2 py-0.5 font-bold text-amber-900">
              <bdi data-testid="message-author">{message.author.username}</bdi>
            </span>
          ) : (
            <span className="font-bold text-teal-50">شما</span>
          )}
          <time
            dateTime={message.created_at}
            className={staff ? 'text-slate-500' : 'text-teal-100'}
          >
            {jalali(message.created_at)}
          </time>
        </header>
        {message.content ? (
          <p className="leading-7 break-words whitespace-pre-line" data-testid="message-content">
            <bdi>{message.content}</bdi>
          </p>
        ) : null}
        {message.attachments.length > 0 ? (
          <ul className="flex flex-col gap-2">
            {message.attachments.map((attachment) => {
              const href = `/dashboard/tickets/${ticketId}/attachments/${attachment.id}`
              return (
                <li key={attachment.id}>
                  <a
                    href={href}
                    download={attachment.name}
                    data-testid="attachment-link"
                    className={`flex items-center gap-3 rounded-xl px-3 py-2 text-sm ${
                      staff ? 'bg-white ring-1 ring-amber-200' : 'bg-teal-800 text-white'
                    }`}
                  >
                    {attachment.content_type.startsWith('image/') ? (
                      <img
                        src={href}
                        alt=""
                        loading="lazy"
                        className="size-12 shrink-0 rounded-lg bg-white object-cover"
                      />
                    ) : (
                      <span
                        aria-hidden="true"
                        className="grid size-12 shrink-0 place-items-center rounded-lg bg-white text-xs font-bold text-red-700"
                      >
                        PDF
                      </span>
                    )}
                    <span className="flex min-w-0 flex-col">
                      <bdi className="truncate font-medium">{attachment.name}</bdi>
                      <span className="text-xs opacity-80">{formatBytes(attachment.size)}</span>
                    </span>
                  </a>
                </li>
              )
            })}
          </ul>
        ) : null}
      </article>
    </li>
  )
}
