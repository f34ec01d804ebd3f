import { formatNumberFa } from '@arzpol/contracts'
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { boundFields, Field, SelectField } from '~/components/forms.tsx'
import {
  ACTION_OPTIONS,
  AUDIT_PAGE_SIZE,
  StaffAuditTable,
} from '~/features/staff-audit/staff-audit-ui.tsx'
import { listStaffAudit, parseAuditFilters } from '~/features/staff-audit/staff-audit.server.ts'
import { ListFilterForm } from '~/features/staff/list-filter-form.tsx'
import { Pager } from '~/features/staff/pager.tsx'
import { readForStaff } from '~/features/staff/staff-route.server.ts'
import { EmptyState, linkButtonClass, PageHeader } from '~/features/staff/ui.tsx'
import { privatePageMeta } from '~/utils/private-page-meta.ts'

/**
 * The staff audit log, for admins: every action staff (or the command line) took on orders,
 * identity documents, accounts, rates and payment types, newest first, filtered by action, staff
 * member and Tehran days (a GET form, so a filtered view is a link), and exported as CSV.
 * payments-service keeps the log as a hash chain; each row shows the start of its link's hash.
 */

export async function loader({ request }: LoaderFunctionArgs) {
  const filters = parseAuditFilters(new URL(request.url))
  const { answer: result, headers } = await readForStaff(
    request,
    (req, access) => listStaffAudit(req, access, filters.query),
    'admin',
  )
  return data(
    {
      values: filters.values,
      errors: filters.errors,
      page: filters.page,
      search: filters.search,
      count: result.count,
      entries: result.results,
    },
    { headers },
  )
}

// Who did what is for the admins who asked, not for a shared cache or the browser's history.
export const headers: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

export default function StaffAudit() {
  const { values, errors, page, search, count, entries } = useLoaderData<typeof loader>()
  const field = boundFields({ form: [], fields: errors }, values)
  return (
    <>
      <PageHeader title="گزارش اقدامات کارکنان">
        <span data-testid="staff-audit-count">{formatNumberFa(count)} اقدام</span>، جدیدترین اول. هر
        ردیف حلقه‌ای از زنجیرهٔ هش است و هر دست‌کاری در گزارش آشکار می‌شود.
      </PageHeader>
      <ListFilterForm
        clearTo="/staff/audit"
        className="sm:grid-cols-2 lg:grid-cols-4"
        actionsClassName="flex-wrap sm:col-span-2 lg:col-span-4"
      >
        <SelectField
          {...field('action')}
          label="نوع اقدام"
          options={ACTION_OPTIONS}
          className="sm:col-span-2 lg:col-span-1"
        />
        <Field
          {...field('actor')}
          label="شناسه کاربری کارمند"
          hint="همان شماره‌ای که در صفحهٔ کاربران کنار نام آمده است"
          inputMode="numeric"
          dir="ltr"
          autoComplete="off"
        />
        <Field {...field('from')} label="از تاریخ" placeholder="۱۴۰۴/۰۹/۰۱" />
        <Field {...field('to')} label="تا تاریخ" placeholder="۱۴۰۴/۰۹/۳۰" />
      </ListFilterForm>
      <p className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
        <a
          href={`/staff/audit.csv${search}`}
          download
          className={linkButtonClass}
          data-testid="staff-audit-csv"
        >
          دریافت فایل CSV
        </a>
        با همین فیلترها، همراه هش کامل هر ردیف و هش ردیف پیش از آن.
      </p>
      {entries.length === 0 ? (
        <EmptyState>اقدامی با این فیلترها ثبت نشده است.</EmptyState>
      ) : (
        <StaffAuditTable entries={entries} />
      )}
      <Pager url={`/staff/audit${search}`} page={page} count={count} pageSize={AUDIT_PAGE_SIZE} />
    </>
  )
}

export const meta: MetaFunction = () =>
  privatePageMeta('گزارش اقدامات کارکنان | پنل پشتیبانی ارزپل')

export { StaffErrorBoundary as ErrorBoundary } from '~/features/staff/ui.tsx'
