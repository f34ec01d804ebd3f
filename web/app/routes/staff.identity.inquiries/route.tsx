import { SelectField } from '~/components/forms.tsx'
import { formatNumberFa } from '@arzpol/contracts'
import {
  INQUIRY_KIND_LABELS,
  INQUIRY_KINDS,
  INQUIRY_RESULTS,
} from '@arzpol/contracts/identity/review'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { Table } from '~/components/ui/table.tsx'
import { listInquiries } from '~/features/identity/staff-identity.server.ts'
import {
  INQUIRY_COLUMNS,
  INQUIRY_RESULT_LABELS,
  inquiryCells,
  STAFF_PAGE_SIZE,
} from '~/features/identity/staff-identity-ui.tsx'
import { Pager, pageOf } from '~/features/staff/pager.tsx'
import { EmptyState, PageHeader } from '~/features/staff/ui.tsx'
import { Button } from '~/components/ui/button.tsx'
import { readForStaff } from '~/features/staff/staff-route.server.ts'
import { queryString } from '~/features/api/list-shapes.server.ts'
import { privatePageMeta } from '~/utils/private-page-meta.ts'

/**
 * The inquiry log (ADR 022): every question put to the identity provider, newest
 * first, filtered by kind and answer. It holds no personal data by design (payments-service keeps
 * only an HMAC of each question), so support and admins both read it.
 */

const pick = <T extends string>(allowed: readonly T[], value: string | null): T | undefined =>
  (allowed as readonly string[]).includes(value ?? '') ? (value as T) : undefined

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const kind = pick(INQUIRY_KINDS, url.searchParams.get('kind'))
  const result = pick(INQUIRY_RESULTS, url.searchParams.get('result'))
  const page = pageOf(url.searchParams)
  const { answer, headers } = await readForStaff(request, (req, access) =>
    listInquiries(req, access, { kind, result, offset: (page - 1) * STAFF_PAGE_SIZE }),
  )
  return data(
    {
      kind: kind ?? '',
      result: result ?? '',
      page,
      filters: `/staff/identity/inquiries${queryString({ kind, result })}`,
      ...answer,
    },
    { headers },
  )
}

/** The filters' choices, "all" (no filter) first. */
const ALL = { value: '', label: 'همه' }
const KIND_OPTIONS = [
  ALL,
  ...INQUIRY_KINDS.map((k) => ({ value: k, label: INQUIRY_KIND_LABELS[k] })),
]
const RESULT_OPTIONS = [
  ALL,
  ...INQUIRY_RESULTS.map((r) => ({ value: r, label: INQUIRY_RESULT_LABELS[r] })),
]

export default function StaffIdentityInquiries() {
  const { kind, result, page, filters, count, results } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader title="گزارش استعلام‌های هویت">
        هر پرسش از سرویس استعلام، با زمان، نتیجه و مدت؛ اطلاعات شخصی در این گزارش نگه داشته نمی‌شود.
      </PageHeader>
      <Form
        method="get"
        className="flex flex-wrap items-end gap-3 rounded-2xl border border-slate-200 bg-white p-4"
      >
        <SelectField
          name="kind"
          label="نوع استعلام"
          defaultValue={kind}
          options={KIND_OPTIONS}
          className="min-w-56"
        />
        <SelectField
          name="result"
          label="نتیجه"
          defaultValue={result}
          options={RESULT_OPTIONS}
          className="min-w-48"
        />
        <Button type="submit">نمایش</Button>
      </Form>
      <p className="text-sm text-slate-600">{formatNumberFa(count)} استعلام</p>
      {results.length === 0 ? (
        <EmptyState>استعلامی با این شرایط ثبت نشده است.</EmptyState>
      ) : (
        <Table
          caption="استعلام‌ها"
          columns={INQUIRY_COLUMNS}
          rows={results.map((inquiry) => ({
            key: String(inquiry.id),
            cells: inquiryCells(inquiry),
          }))}
        />
      )}
      <Pager url={filters} page={page} count={count} pageSize={STAFF_PAGE_SIZE} />
    </>
  )
}

export const meta: MetaFunction = () => privatePageMeta('استعلام‌های هویت | پنل پشتیبانی ارزپل')

export { StaffErrorBoundary as ErrorBoundary } from '~/features/staff/ui.tsx'
