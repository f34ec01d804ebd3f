import { formatJalaliDateTime, formatNumberFa } from '@arzpol/contracts'
import { LEVEL_STEPS, type IdentityLevel } from '@arzpol/contracts/identity/customer'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { Field, FormAlert, SubmitButton } from '~/components/forms.tsx'
import { Table } from '~/components/ui/table.tsx'
import { levelName } from '~/features/identity/identity-texts.ts'
import { LIMIT_FIELDS, parseLevelLimits } from '~/features/identity/staff-identity-forms.server.ts'
import { listLevelLimits, setLevelLimits } from '~/features/identity/staff-identity.server.ts'
import { PageHeader, Panel } from '~/features/staff/ui.tsx'
import { readForStaff } from '~/features/staff/staff-route.server.ts'
import { redirectWithFlash, requireStaff, staffFailure } from '~/features/staff/staff.server.ts'
import { readFormData } from '~/utils/form-data.server.ts'
import { allMessages, formDataToObject } from '~/utils/form-errors.ts'
import { privatePageMeta } from '~/utils/private-page-meta.ts'

/**
 * Limits per identity level (ADR 022), in toman as the back office shows money: per
 * order, per Tehran day and per Jalali month. Support reads them; admins change one level at a
 * time (audited by payments-service, which also keeps every level between its neighbours).
 */

export async function loader({ request }: LoaderFunctionArgs) {
  const { answer, headers, role } = await readForStaff(request, listLevelLimits)
  return data({ levels: answer.levels, canEdit: role === 'admin' }, { headers })
}

export async function action({ request }: ActionFunctionArgs) {
  const { tokens, headers } = await requireStaff(request, 'admin')
  const formData = await readFormData(request)
  const values = formDataToObject(formData)
  const level = values.level ?? ''
  const parsed = parseLevelLimits(formData)
  if (!parsed.ok) return data({ level, errors: parsed.errors, values }, { status: 400, headers })
  const result = await setLevelLimits(request, tokens.access, parsed.value)
  if (!result.ok) {
    const errors = staffFailure(
      result,
      'ذخیرهٔ سقف‌ها ممکن نشد',
      Object.fromEntries(LIMIT_FIELDS.map((f) => [f, f])),
    )
    return data({ level, errors, values }, { status: result.status >= 500 ? 503 : 400, headers })
  }
  return redirectWithFlash(
    '/staff/identity-levels',
    `سقف‌های ${levelName(parsed.value.level)} ذخیره شد.`,
    headers,
  )
}

const tomanText = (toman: number) => `${formatNumberFa(toman)} تومان`

export default function StaffIdentityLevels() {
  const { levels, canEdit } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  // Errors of a post for no level of this page (a tampered or repeated `level`): shown on top.
  const unplaced =
    result && !levels.some((row) => String(row.level) === result.level)
      ? allMessages(result.errors)
      : []
  return (
    <>
      <PageHeader title="سقف سطح‌های احراز هویت">
        سقف هر سفارش، روزانه (به وقت تهران) و ماهانه (ماه شمسی)، به تومان. سفارش‌های باز و
        پرداخت‌شده در سقف شمرده می‌شوند.
      </PageHeader>
      {unplaced.length ? <FormAlert errors={unplaced} /> : null}
      <Table
        caption="سقف‌های هر سطح"
        columns={['سطح', 'هر سفارش', 'روزانه', 'ماهانه', 'آخرین تغییر']}
        rows={levels.map((row) => ({
          key: String(row.level),
          cells: [
            <span key="l" data-testid={`level-row-${row.level}`}>
              {levelName(row.level)}
              <span className="block text-xs font-normal text-slate-500">
                {LEVEL_STEPS[row.level as IdentityLevel]}
              </span>
            </span>,
            tomanText(row.per_order_toman),
            tomanText(row.per_day_toman),
            tomanText(row.per_month_toman),
            row.updated_at ? (
              <span key="u">
                {formatJalaliDateTime(row.updated_at)}
                {row.updated_by ? (
                  <>
                    {' '}
                    · <bdi>{row.updated_by}</bdi>
                  </>
                ) : null}
              </span>
            ) : (
              'مقدار پیش‌فرض'
            ),
          ],
        }))}
      />
      {canEdit ? (
        levels.map((row) => {
          const mine = result?.level === String(row.level) ? result : undefined
          return (
            <Panel
              key={`${row.level}-${row.updated_at}`}
              title={`تغییر سقف‌های ${levelName(row.level)}`}
            >
              <Form
                method="post"
                noValidate
                className="grid gap-4 sm:grid-cols-3"
                data-testid={`level-form-${row.level}`}
              >
                <input type="hidden" name="level" value={row.level} />
                <div className="sm:col-span-3">
                  <FormAlert errors={mine?.errors.form ?? []} />
                </div>
                {(
                  [
                    ['per_order_toman', 'سقف هر سفارش (تومان)', row.per_order_toman],
                    ['per_day_toman', 'سقف روزانه (تومان)', row.per_day_toman],
                    ['per_month_toman', 'سقف ماهانه (تومان)', row.per_month_toman],
                  ] as const
                ).map(([name, label, current]) => (
                  <Field
                    key={name}
                    name={name}
                    label={label}
                    inputMode="numeric"
                    dir="ltr"
                    autoComplete="off"
                    defaultValue={mine?.values[name] ?? String(current)}
                    errors={mine?.errors.fields[name]}
                  />
                ))}
                <div className="sm:col-span-3">
                  <SubmitButton intent={`level-${row.level}`}>ذخیرهٔ سقف‌ها</SubmitButton>
                </div>
              </Form>
            </Panel>
          )
        })
      ) : (
        <p className="text-sm text-slate-600">تغییر سقف‌ها فقط از دست مدیران سامانه برمی‌آید.</p>
      )}
    </>
  )
}

export const meta: MetaFunction = () => privatePageMeta('سقف سطح‌ها | پنل پشتیبانی ارزپل')

export { StaffErrorBoundary as ErrorBoundary } from '~/features/staff/ui.tsx'
