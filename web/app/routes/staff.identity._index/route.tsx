import { formatJalaliDateTime, formatNumberFa } from '@arzpol/contracts'
import { REVIEW_STATUS_LABELS, REVIEW_STATUSES } from '@arzpol/contracts/identity/review'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { listReviews } from '~/features/identity/staff-identity.server.ts'
import { ReviewStatusBadge, STAFF_PAGE_SIZE } from '~/features/identity/staff-identity-ui.tsx'
import { Pager, pageOf } from '~/features/staff/pager.tsx'
import { CustomerName, PageHeader, RecordLinkList, ViewPills } from '~/features/staff/ui.tsx'
import { readForStaff } from '~/features/staff/staff-route.server.ts'
import { privatePageMeta } from '~/utils/private-page-meta.ts'

/**
 * The level-2 review queue (ADR 025): requests waiting for a decision first (the default
 * filter), the decided ones under their own filters. Each row opens the review.
 */

const FILTERS = [...REVIEW_STATUSES, 'all'] as const
type Filter = (typeof FILTERS)[number]
const FILTER_LABELS: Record<Filter, string> = { ...REVIEW_STATUS_LABELS, all: 'همه' }

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const asked = url.searchParams.get('status') ?? 'pending'
  const filter: Filter = (FILTERS as readonly string[]).includes(asked)
    ? (asked as Filter)
    : 'pending'
  const page = pageOf(url.searchParams)
  const { answer: result, headers } = await readForStaff(request, (req, access) =>
    listReviews(req, access, {
      status: filter === 'all' ? undefined : filter,
      offset: (page - 1) * STAFF_PAGE_SIZE,
    }),
  )
  return data({ filter, page, ...result }, { headers })
}

export default function StaffIdentityQueue() {
  const { filter, page, count, results } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader title="بررسی مدارک احراز هویت">
        درخواست‌های سطح ۲: تصویر کارت ملی و عکس مشتری با کارت ملی.
      </PageHeader>
      <ViewPills
        label="وضعیت درخواست‌ها"
        views={FILTERS.map((f) => ({
          to: f === 'pending' ? '/staff/identity' : `/staff/identity?status=${f}`,
          label: FILTER_LABELS[f],
          current: f === filter,
        }))}
      />
      <p className="text-sm text-slate-600" data-testid="review-count">
        {formatNumberFa(count)} درخواست
      </p>
      <RecordLinkList
        items={results}
        empty={filter === 'pending' ? 'درخواستی در انتظار بررسی نیست.' : 'درخواستی پیدا نشد.'}
        to={(review) => `/staff/identity/${review.id}`}
        linkClassName="flex flex-wrap items-center gap-3 px-2 py-3 hover:bg-slate-50"
        listTestId="review-queue"
        rowTestId="review-row"
      >
        {(review) => (
          <>
            <bdi className="font-semibold">#{formatNumberFa(review.id)}</bdi>
            <span>
              <CustomerName username={review.customer.username} phone={review.customer.phone} />
            </span>
            <ReviewStatusBadge status={review.status} />
            <span className="text-sm text-slate-500">
              ارسال {formatJalaliDateTime(review.submitted_at)}
            </span>
          </>
        )}
      </RecordLinkList>
      <Pager
        url={filter === 'pending' ? '/staff/identity' : `/staff/identity?status=${filter}`}
        page={page}
        count={count}
        pageSize={STAFF_PAGE_SIZE}
      />
    </>
  )
}

export const meta: MetaFunction = () => privatePageMeta('بررسی مدارک | پنل پشتیبانی ارزپل')

export { StaffErrorBoundary as ErrorBoundary } from '~/features/staff/ui.tsx'
