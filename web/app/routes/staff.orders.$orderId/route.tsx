import { readFormData } from '~/utils/form-data.server.ts'
import { formatJalaliDateTime, formatNumberFa, formatToman } from '@arzpol/contracts'
import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { Field, FormAlert, SubmitButton } from '~/components/forms.tsx'
import { formatForeignAmount } from '~/features/orders/order-card.tsx'
import { OrderTimeline } from '~/features/orders/order-timeline.tsx'
import { ActionForm } from '~/features/orders/staff-order-action-form.tsx'
import { StageBadge } from '~/features/orders/stage-badge.tsx'
import { CustomerName, Badge, PageHeader, Panel } from '~/features/staff/ui.tsx'
import { allMessages, type FormErrors } from '~/utils/form-errors.ts'
import { paymentTypeLabel, STAGE_LABELS } from '~/features/orders/orders.ts'
import {
  getOrder,
  revealCredentials,
  settleRefund,
  transitionOrder,
} from '~/features/orders/staff-orders.server.ts'
import { FORM_MESSAGES, parseFormData } from '~/features/staff/staff-forms.server.ts'
import { parseTransition, settleRefundSchema } from '~/features/orders/staff-order-forms.server.ts'
import {
  readOrThrow,
  redirectWithFlash,
  requireStaffRecord,
  staffFailure,
} from '~/features/staff/staff.server.ts'
import { privatePageMeta } from '~/utils/private-page-meta.ts'

/**
 * One order as staff see it: the customer, the amounts at the locked rate, documents, refunds,
 * bank attempts and the audit trail, and a form for each action payments-service allows at the
 * order's current stage. Site credentials are shown only after an explicit (audited) reveal, in
 * this one answer, never stored in a cookie or the page's cache.
 */

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { id, tokens, headers } = await requireStaffRecord(request, params.orderId)
  const order = readOrThrow(await getOrder(request, tokens.access, id), headers)
  return data({ order }, { headers })
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

type ActionResult =
  | { intent: string; errors: FormErrors; revealed?: undefined }
  | {
      intent: 'reveal'
      errors?: undefined
      revealed: { site_username: string | null; site_password: string; revealed_at: string }
    }

export async function action({ request, params }: ActionFunctionArgs) {
  const { id, tokens, headers } = await requireStaffRecord(request, params.orderId)
  headers.set('Cache-Control', 'private, no-store')
  const form = await readFormData(request)
  const intent = String(form.get('intent') ?? '')
  const fail = (errors: FormErrors, status = 400) =>
    data<ActionResult>({ intent, errors }, { status, headers })

  if (intent === 'reveal') {
    const result = await revealCredentials(request, tokens.access, id)
    if (!result.ok) return fail(staffFailure(result, 'نمایش اطلاعات ورود ممکن نشد'))
    return data<ActionResult>({ intent, revealed: result.data }, { headers })
  }

  if (intent === 'settle-refund') {
    const parsed = parseFormData(settleRefundSchema, form)
    if (!parsed.ok) return fail(parsed.errors)
    const { refund, reference, note } = parsed.value
    const result = await settleRefund(request, tokens.access, refund, { reference, note })
    if (!result.ok)
      return fail(
        staffFailure(result, 'ثبت بازپرداخت ممکن نشد', { reference: 'reference', note: 'note' }),
      )
    return redirectWithFlash(`/staff/orders/${id}`, 'بازپرداخت با شماره پیگیری ثبت شد.', headers)
  }

  if (intent.startsWith('transition:')) {
    // Checked against what the order allows now, so a stale page gets a clear message.
    const current = await getOrder(request, tokens.access, id)
    if (!current.ok) return fail(staffFailure(current, 'خواندن سفارش ممکن نشد'))
    const parsed = parseTransition(form, current.data.actions)
    if (!parsed.ok) return fail(parsed.errors)
    const result = await transitionOrder(request, tokens.access, id, parsed.value)
    if (!result.ok) {
      return fail(
        staffFailure(result, 'تغییر وضعیت سفارش ممکن نشد', {
          note: 'note',
          reference: 'reference',
          internal_note: 'internal_note',
        }),
      )
    }
    const stage = STAGE_LABELS[result.data.stage] ?? result.data.stage
    return redirectWithFlash(
      `/staff/orders/${id}`,
      `سفارش #${formatNumberFa(id)} به مرحله «${stage}» رفت.`,
      headers,
    )
  }

  return fail({ form: [FORM_MESSAGES.unknownAction], fields: {} })
}

export default function StaffOrder() {
  const { order } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const errorsFor = (intent: string) => (result?.intent === intent ? result.errors : undefined)
  const payout = order.payment_type === 'payout'
  // Errors of a form this page does not show (a transition the order no longer offers, a
  // refund settled meanwhile, an unknown intent) go above the actions instead.
  const shown = [
    ...order.actions.map((action) => `transition:${action.to}`),
    ...(order.refunds.some((refund) => refund.status === 'pending') ? ['settle-refund'] : []),
    ...(order.has_credentials ? ['reveal'] : []),
  ]
  const unplaced =
    result?.errors && !shown.includes(result.intent) ? allMessages(result.errors) : []
  return (
    <>
      <PageHeader
        title={`سفارش #${formatNumberFa(order.id)}`}
        back={{ to: '/staff/orders', label: 'بازگشت به صف' }}
      >
        {paymentTypeLabel(order.payment_type)} · ثبت {formatJalaliDateTime(order.created_at)}
      </PageHeader>

      <div className="grid gap-5 xl:grid-cols-[1fr_22rem]">
        <div className="flex min-w-0 flex-col gap-5">
          <Panel title="مشخصات سفارش" testId="staff-order-details">
            <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
              <dt className="text-slate-500">مرحله</dt>
              <dd>
                <StageBadge stage={order.stage} />
              </dd>
              <dt className="text-slate-500">مشتری</dt>
              <dd className="flex flex-wrap items-center gap-2">
                <Link
                  to={`/staff/users/${order.customer.id}`}
                  className="font-semibold text-teal-800 underline"
                >
                  <CustomerName {...order.customer} />
                </Link>
                {order.customer.email ? <bdi dir="ltr">{order.customer.email}</bdi> : null}
                {order.customer.blocked ? <Badge tone="red">مسدود</Badge> : null}
              </dd>
              <dt className="text-slate-500">آدرس سایت</dt>
              <dd>
                <bdi dir="ltr">{order.site_url}</bdi>
              </dd>
              {order.site_username ? (
                <>
                  <dt className="text-slate-500">نام کاربری سایت</dt>
                  <dd>
                    <bdi dir="ltr">{order.site_username}</bdi>
                  </dd>
                </>
              ) : null}
              <dt className="text-slate-500">مبلغ ارزی</dt>
              <dd>
                <bdi dir="ltr">{formatForeignAmount(order.amount, order.currency)}</bdi>
              </dd>
              <dt className="text-slate-500">نرخ قفل‌شده</dt>
              <dd data-testid="staff-order-rate">
                {formatToman(order.rate_irr)} (تا {formatJalaliDateTime(order.rate_locked_until)})
              </dd>
              <dt className="text-slate-500">مبلغ به نرخ</dt>
              <dd>{formatToman(order.subtotal_irr)}</dd>
              <dt className="text-slate-500">کارمزد</dt>
              <dd>{formatToman(order.fee_irr)}</dd>
              <dt className="font-semibold text-slate-700">
                {payout ? 'مبلغ قابل واریز به مشتری' : 'مبلغ پرداختی مشتری'}
              </dt>
              <dd className="font-bold" data-testid="staff-order-total">
                {formatToman(order.amount_irr)}
              </dd>
              {order.paid_at ? (
                <>
                  <dt className="text-slate-500">پرداخت</dt>
                  <dd>{formatJalaliDateTime(order.paid_at)}</dd>
                </>
              ) : null}
              {order.sheba ? (
                <>
                  <dt className="text-slate-500">شبا</dt>
                  <dd>
                    <bdi dir="ltr">{order.sheba}</bdi>
                  </dd>
                </>
              ) : null}
              {order.description ? (
                <>
                  <dt className="text-slate-500">توضیحات مشتری</dt>
                  <dd className="whitespace-pre-line">{order.description}</dd>
                </>
              ) : null}
            </dl>
          </Panel>

          <Panel title="مدارک">
            {order.documents.length === 0 ? (
              <p className="text-sm text-slate-500">مدرکی بارگذاری نشده است.</p>
            ) : (
              <ul className="flex flex-col gap-2 text-sm">
                {order.documents.map((doc) => (
                  <li key={doc.id} className="flex flex-wrap justify-between gap-2">
                    <a
                      href={`/staff/orders/${order.id}/documents/${doc.id}`}
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

          {order.refunds.length > 0 ? (
            <Panel title="بازپرداخت‌ها">
              <ul className="flex flex-col gap-3 text-sm">
                {order.refunds.map((refund) => (
                  <li key={refund.id} className="flex flex-col gap-2 rounded-xl bg-slate-50 p-3">
                    <p className="flex flex-wrap gap-2">
                      <span className="font-semibold">{formatToman(refund.amount_irr)}</span>
                      <span>
                        {refund.method === 'manual' ? 'بازپرداخت دستی' : 'برگشت از طریق بانک'}
                      </span>
                      {refund.status === 'pending' ? (
                        <Badge tone="amber">منتظر پرداخت</Badge>
                      ) : refund.status === 'requested' ? (
                        <Badge tone="sky">درخواست برگشت به بانک</Badge>
                      ) : refund.status === 'refused' ? (
                        <Badge tone="red">بانک برگشت را نپذیرفت</Badge>
                      ) : (
                        <Badge tone="emerald">انجام شد</Badge>
                      )}
                      {refund.reference ? <bdi dir="ltr">{refund.reference}</bdi> : null}
                    </p>
                    {refund.status === 'pending' ? (
                      <Form method="post" noValidate className="flex flex-col gap-2">
                        <FormAlert errors={errorsFor('settle-refund')?.form ?? []} />
                        <input type="hidden" name="refund" value={refund.id} />
                        <Field
                          name="reference"
                          label="شماره پیگیری بازپرداخت"
                          dir="ltr"
                          errors={errorsFor('settle-refund')?.fields.reference}
                        />
                        <div>
                          <SubmitButton intent="settle-refund" variant="secondary">
                            ثبت پرداخت بازپرداخت
                          </SubmitButton>
                        </div>
                      </Form>
                    ) : null}
                  </li>
                ))}
              </ul>
            </Panel>
          ) : null}

          {order.gateway_attempts.length > 0 ? (
            <Panel title="تلاش‌های پرداخت بانکی">
              <ul className="flex flex-col gap-2 text-sm">
                {order.gateway_attempts.map((attempt) => (
                  <li key={attempt.id} className="flex flex-wrap gap-x-4 gap-y-1">
                    <span>{formatToman(attempt.amount_irr)}</span>
                    <span>{attempt.status}</span>
                    {attempt.ref_num ? (
                      <span>
                        مرجع: <bdi dir="ltr">{attempt.ref_num}</bdi>
                      </span>
                    ) : null}
                    {attempt.masked_pan ? <bdi dir="ltr">{attempt.masked_pan}</bdi> : null}
                    <span className="text-slate-500">
                      {formatJalaliDateTime(attempt.created_at)}
                    </span>
                  </li>
                ))}
              </ul>
            </Panel>
          ) : null}

          <Panel title="تاریخچه و رویدادها" testId="staff-order-events">
            <OrderTimeline events={order.events} />
          </Panel>
        </div>

        <div className="flex flex-col gap-5">
          <Panel title="اقدامات">
            {unplaced.length > 0 ? <FormAlert errors={unplaced} /> : null}
            {order.actions.length === 0 ? (
              <p className="text-sm text-slate-500">
                در این مرحله اقدامی برای کارکنان باقی نمانده است.
              </p>
            ) : (
              <div className="flex flex-col gap-3">
                {order.actions.map((action) => (
                  <ActionForm
                    key={action.to}
                    action={action}
                    payout={payout}
                    errors={errorsFor(`transition:${action.to}`)}
                  />
                ))}
              </div>
            )}
          </Panel>

          {order.has_credentials || order.credentials_wiped_at ? (
            <Panel title="اطلاعات ورود سایت">
              {result?.revealed ? (
                <div data-testid="revealed-credentials" className="flex flex-col gap-1 text-sm">
                  <p>
                    نام کاربری: <bdi dir="ltr">{result.revealed.site_username ?? '—'}</bdi>
                  </p>
                  <p>
                    رمز عبور:{' '}
                    <bdi dir="ltr" className="font-mono font-bold">
                      {result.revealed.site_password}
                    </bdi>
                  </p>
                  <p className="text-xs text-slate-500">
                    این نمایش در تاریخچه سفارش به نام شما ثبت شد.
                  </p>
                </div>
              ) : order.has_credentials ? (
                <Form method="post" className="flex flex-col gap-2">
                  <FormAlert errors={errorsFor('reveal')?.form ?? []} />
                  <p className="text-sm text-slate-600">
                    رمز عبور سایت مشتری رمزنگاری‌شده نگه داشته می‌شود. نمایش آن در تاریخچه سفارش ثبت
                    می‌شود.
                  </p>
                  <div>
                    <SubmitButton intent="reveal" variant="secondary">
                      نمایش رمز عبور
                    </SubmitButton>
                  </div>
                </Form>
              ) : (
                <p className="text-sm text-slate-600">
                  رمز عبور پس از پایان دوره نگهداری پاک شد (
                  {formatJalaliDateTime(order.credentials_wiped_at ?? order.updated_at)}).
                </p>
              )}
            </Panel>
          ) : null}
        </div>
      </div>
    </>
  )
}

export const meta: MetaFunction = () => privatePageMeta('سفارش | پنل پشتیبانی ارزپل')

export { StaffErrorBoundary as ErrorBoundary } from '~/features/staff/ui.tsx'
