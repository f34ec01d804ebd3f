import { readFormData } from '~/utils/form-data.server.ts'
import { formatJalaliDateTime, formatNumberFa, formatToman } from '@arzpol/contracts'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { FormAlert } from '~/components/forms.tsx'
import { Badge, ErrorNotice, PageHeader, Panel } from '~/features/staff/ui.tsx'
import { allMessages, type FormErrors } from '~/utils/form-errors.ts'
import {
  listPaymentTypes,
  paymentTypeHistory,
  updatePaymentType,
} from '~/features/catalog/staff-catalog.server.ts'
import { parseFormData } from '~/features/staff/staff-forms.server.ts'
import { paymentTypeSchema } from '~/features/catalog/staff-catalog-forms.server.ts'
import { readForStaff } from '~/features/staff/staff-route.server.ts'
import { redirectWithFlash, requireStaff, staffFailure } from '~/features/staff/staff.server.ts'

import { PaymentTypeForm, percent } from '~/features/catalog/payment-type-form.tsx'
import { privatePageMeta } from '~/utils/private-page-meta.ts'
/**
 * Payment types with their fees and limits. Everyone on staff reads them and their change
 * history (`?history=code`); only admins change them (the form is not shown to support, and the
 * action refuses them).
 */

export async function loader({ request }: LoaderFunctionArgs) {
  const { answer: types, tokens, headers, role } = await readForStaff(request, listPaymentTypes)
  const historyCode = new URL(request.url).searchParams.get('history')
  const selected = types.find((t) => t.value === historyCode) ?? null
  const history = selected ? await paymentTypeHistory(request, tokens.access, selected.value) : null
  return data(
    {
      types,
      canEdit: role === 'admin',
      history: selected
        ? {
            code: selected.value,
            label: selected.label,
            entries: history?.ok ? history.data : null,
          }
        : null,
    },
    { headers },
  )
}

export async function action({ request }: ActionFunctionArgs) {
  const { tokens, headers } = await requireStaff(request, 'admin')
  const form = await readFormData(request)
  const code = String(form.get('code') ?? '')
  const parsed = parseFormData(paymentTypeSchema, form)
  if (!parsed.ok) return data({ code, errors: parsed.errors }, { status: 400, headers })
  const result = await updatePaymentType(
    request,
    tokens.access,
    parsed.value.code,
    parsed.value.body,
  )
  if (!result.ok) {
    const errors: FormErrors = staffFailure(result, 'ذخیره کارمزد و محدودیت‌ها ممکن نشد', {
      fee_bps: 'fee_percent',
      fee_fixed_irr: 'fee_fixed_toman',
      min_amount: 'min_amount',
      max_amount: 'max_amount',
      note: 'note',
    })
    return data({ code, errors }, { status: result.status >= 500 ? 503 : 400, headers })
  }
  return redirectWithFlash(
    '/staff/payment-types',
    `کارمزد و محدودیت‌های «${result.data.label}» ذخیره شد.`,
    headers,
  )
}

export default function StaffPaymentTypes() {
  const { types, canEdit, history } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  // Errors for a type the page does not list (a tampered or stale code) have no form to sit in.
  const unplaced =
    result?.errors && !types.some((type) => type.value === result.code)
      ? allMessages(result.errors)
      : []
  return (
    <>
      <PageHeader title="انواع پرداخت و کارمزد">
        کارمزد و حداقل و حداکثر مبلغ هر خدمت؛ سفارش‌های تازه با همین مقادیر قیمت‌گذاری می‌شوند.
      </PageHeader>
      {!canEdit ? (
        <p className="text-sm text-slate-600">تغییر کارمزدها فقط از دست مدیران سامانه برمی‌آید.</p>
      ) : null}
      {history ? (
        <Panel title={`تاریخچه تغییرات «${history.label}»`}>
          {history.entries === null ? (
            <ErrorNotice>تاریخچه در حال حاضر در دسترس نیست.</ErrorNotice>
          ) : history.entries.length === 0 ? (
            <p className="text-sm text-slate-500">تغییری ثبت نشده است.</p>
          ) : (
            <ol className="flex flex-col divide-y divide-slate-100 text-sm">
              {history.entries.map((change) => (
                <li key={change.id} className="flex flex-col gap-1 py-2">
                  <span>
                    کارمزد {percent(change.old.fee_bps)} ← {percent(change.new.fee_bps)}، ثابت{' '}
                    {formatToman(change.old.fee_fixed_irr)} ←{' '}
                    {formatToman(change.new.fee_fixed_irr)}، حداقل{' '}
                    {formatNumberFa(change.old.min_amount)} ←{' '}
                    {formatNumberFa(change.new.min_amount)}، حداکثر{' '}
                    {formatNumberFa(change.old.max_amount)} ←{' '}
                    {formatNumberFa(change.new.max_amount)}
                  </span>
                  <span className="text-slate-500">
                    {change.changed_by ? <bdi>{change.changed_by.username}</bdi> : 'سامانه'} ·{' '}
                    {formatJalaliDateTime(change.created_at)}
                    {change.note ? ` · ${change.note}` : ''}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </Panel>
      ) : null}
      {unplaced.length > 0 ? <FormAlert errors={unplaced} /> : null}
      <ul className="flex flex-col gap-4">
        {types.map((type) => (
          <li
            key={type.value}
            className="rounded-2xl border border-slate-200 bg-white p-5"
            data-testid="payment-type"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="text-lg font-bold text-slate-900">
                {type.label}{' '}
                <span className="text-sm font-normal text-slate-500">({type.value})</span>
              </h2>
              <div className="flex gap-2">
                <Badge tone={type.direction === 'payout' ? 'violet' : 'sky'}>
                  {type.direction === 'payout' ? 'واریز به مشتری' : 'پرداخت مشتری'}
                </Badge>
                {type.needs_credentials ? <Badge>نیاز به اطلاعات ورود</Badge> : null}
              </div>
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
              <div>
                <dt className="text-slate-500">کارمزد درصدی</dt>
                <dd className="font-semibold">{percent(type.fee_bps)}</dd>
              </div>
              <div>
                <dt className="text-slate-500">کارمزد ثابت</dt>
                <dd className="font-semibold">{formatToman(type.fee_fixed_irr)}</dd>
              </div>
              <div>
                <dt className="text-slate-500">حداقل مبلغ</dt>
                <dd className="font-semibold">{formatNumberFa(type.min_amount)} واحد ارز</dd>
              </div>
              <div>
                <dt className="text-slate-500">حداکثر مبلغ</dt>
                <dd className="font-semibold">{formatNumberFa(type.max_amount)} واحد ارز</dd>
              </div>
            </dl>
            <p className="mt-2 text-xs text-slate-500">
              آخرین تغییر: {type.updated_at ? formatJalaliDateTime(type.updated_at) : '—'}
              {type.updated_by ? (
                <>
                  {' '}
                  توسط <bdi>{type.updated_by.username}</bdi>
                </>
              ) : null}{' '}
              ·{' '}
              <Link
                to={`/staff/payment-types?history=${type.value}`}
                className="text-teal-800 underline"
              >
                تاریخچه
              </Link>
            </p>
            {canEdit ? (
              <PaymentTypeForm
                key={type.updated_at}
                type={type}
                errors={result?.code === type.value ? result.errors : undefined}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </>
  )
}

export const meta: MetaFunction = () =>
  privatePageMeta('انواع پرداخت و کارمزد | پنل پشتیبانی ارزپل')

export { StaffErrorBoundary as ErrorBoundary } from '~/features/staff/ui.tsx'
