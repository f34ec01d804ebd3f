import { formatJalaliDateTime, formatNumberFa } from '@arzpol/contracts'
import { SMS_KIND_LABELS } from '@arzpol/contracts/sms'
import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { FormAlert, SubmitButton } from '~/components/forms.tsx'
import { Table } from '~/components/ui/table.tsx'
import {
  DEAD_SMS_PAGE_SIZE,
  listDeadSms,
  retryDeadSms,
  retrySchema,
} from '~/features/staff/dead-sms.server.ts'
import { parseFormData } from '~/features/staff/staff-forms.server.ts'
import { Pager, pageOf } from '~/features/staff/pager.tsx'
import { readForStaff, readStaffForm } from '~/features/staff/staff-route.server.ts'
import { redirectWithFlash, staffFailure } from '~/features/staff/staff.server.ts'
import { Badge, EmptyState, PageHeader } from '~/features/staff/ui.tsx'
import type { FormErrors } from '~/utils/form-errors.ts'
import { privatePageMeta } from '~/utils/private-page-meta.ts'

/**
 * SMS that could not be delivered: every try failed (the vendor down or refusing for longer than
 * the message's tries last). Staff see who (masked), what kind, how many tries and the last
 * error, never a message's text, and can send one again; the vendor still sends it at most once.
 */

export async function loader({ request }: LoaderFunctionArgs) {
  const page = pageOf(new URL(request.url).searchParams)
  const { answer, headers } = await readForStaff(request, (req, access) =>
    listDeadSms(req, access, (page - 1) * DEAD_SMS_PAGE_SIZE),
  )
  return data({ page, pageSize: DEAD_SMS_PAGE_SIZE, ...answer }, { headers })
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

type ActionResult = { id: string; errors: FormErrors }

export async function action({ request }: ActionFunctionArgs) {
  const { tokens, headers, form } = await readStaffForm(request)
  const id = String(form.get('id') ?? '')
  const fail = (errors: FormErrors, status = 400) =>
    data<ActionResult>({ id, errors }, { status, headers })
  const parsed = parseFormData(retrySchema, form)
  if (!parsed.ok) return fail(parsed.errors)
  const result = await retryDeadSms(request, tokens.access, parsed.value.id)
  if (!result.ok) return fail(staffFailure(result, 'ارسال دوباره پیامک ممکن نشد'))
  return redirectWithFlash('/staff/sms', 'پیامک دوباره در صف ارسال قرار گرفت.', headers)
}

export default function StaffDeadSms() {
  const { page, pageSize, count, results } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <>
      <PageHeader title="پیامک‌های ارسال‌نشده">
        <span data-testid="dead-sms-count">{formatNumberFa(count)} پیامک</span>
      </PageHeader>
      <p className="text-sm text-slate-600">
        پیامک‌هایی که همه تلاش‌های ارسالشان ناموفق بود (سرویس پیامک در دسترس نبود یا آن را نپذیرفت)،
        تازه‌ترین اول. متن پیامک‌ها اینجا نمایش داده نمی‌شود؛ ارسال دوباره همان پیامک را یک بار دیگر
        به سرویس پیامک می‌دهد. کد تاییدی که مهلتش گذشته باشد دوباره فرستاده نمی‌شود.
      </p>
      {results.length === 0 ? (
        <EmptyState>پیامک ارسال‌نشده‌ای نیست.</EmptyState>
      ) : (
        <Table
          caption="پیامک‌های ارسال‌نشده"
          columns={['نوع', 'گیرنده', 'تلاش‌ها', 'آخرین خطا', 'ناموفق از', 'ارسال دوباره']}
          rows={results.map((sms) => ({
            key: sms.id,
            cells: [
              <Badge key="kind" tone="amber">
                {SMS_KIND_LABELS[sms.kind]}
              </Badge>,
              <bdi key="phone" dir="ltr" data-testid="dead-sms-phone">
                {sms.phone}
              </bdi>,
              <span key="attempts">{formatNumberFa(sms.attempts)}</span>,
              <span key="error" dir="auto" className="text-xs text-slate-700">
                {sms.last_error ?? '—'}
              </span>,
              <span key="failed">{formatJalaliDateTime(sms.failed_at ?? sms.created_at)}</span>,
              <Form key="retry" method="post" noValidate className="flex flex-col gap-1">
                {actionData && actionData.id === sms.id ? (
                  <FormAlert errors={actionData.errors.form} />
                ) : null}
                <input type="hidden" name="id" value={sms.id} />
                <SubmitButton intent="retry" variant="secondary">
                  ارسال دوباره
                </SubmitButton>
              </Form>,
            ],
          }))}
        />
      )}
      <Pager url="/staff/sms" page={page} count={count} pageSize={pageSize} />
    </>
  )
}

export const meta: MetaFunction = () => privatePageMeta('پیامک‌های ارسال‌نشده | پنل پشتیبانی ارزپل')

export { StaffErrorBoundary as ErrorBoundary } from '~/features/staff/ui.tsx'
