import { formatJalaliDateTime, formatNumberFa, formatToman } from '@arzpol/contracts'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useLiveQueue } from '~/features/staff/use-live-queue.ts'
import { boundFields, Field, SelectField } from '~/components/forms.tsx'
import { formatForeignAmount } from '~/features/orders/order-card.tsx'
import { ORDER_STAGES, QUEUE_PAGE_SIZE } from '~/features/orders/queue.ts'
import { StageBadge } from '~/features/orders/stage-badge.tsx'
import { CustomerName, EmptyState, PageHeader } from '~/features/staff/ui.tsx'
import { StaffOrderLink } from '~/features/orders/staff-order-link.tsx'
import { Table } from '~/components/ui/table.tsx'
import { DEFAULT_PAYMENT_TYPES, paymentTypeLabel, STAGE_LABELS } from '~/features/orders/orders.ts'
import { listOrders } from '~/features/orders/staff-orders.server.ts'
import { parseOrderFilters } from '~/features/orders/staff-order-forms.server.ts'
import { ListFilterForm } from '~/features/staff/list-filter-form.tsx'
import { Pager } from '~/features/staff/pager.tsx'
import { requireStaff, readOrThrow } from '~/features/staff/staff.server.ts'
import { privatePageMeta } from '~/utils/private-page-meta.ts'

/**
 * The orders queue: every customer's orders, filtered by stage, type, Jalali date range and
 * phone (a GET form, so a filtered queue is a link staff can share), 50 a page.
 */

export async function loader({ request }: LoaderFunctionArgs) {
  const { tokens, headers } = await requireStaff(request)
  const { query, ...form } = parseOrderFilters(new URL(request.url).searchParams)
  // Taken before the list is read: a change made meanwhile reloads it (useLiveQueue).
  const loadedAt = Date.now()
  const result = readOrThrow(await listOrders(request, tokens.access, query), headers)
  return data({ ...form, count: result.count, orders: result.results, loadedAt }, { headers })
}

const STAGE_OPTIONS = [
  { value: '', label: 'همه مراحل' },
  { value: 'paid,in_progress', label: 'منتظر کار (پرداخت‌شده یا در حال انجام)' },
  ...ORDER_STAGES.map((stage) => ({ value: stage, label: STAGE_LABELS[stage] ?? stage })),
]

const TYPE_OPTIONS = [
  { value: '', label: 'همه خدمات' },
  ...DEFAULT_PAYMENT_TYPES.map((t) => ({ value: t.value, label: t.label })),
]

/** The queue's path with its filters, for the pager. */
function filteredPath(values: Record<string, string>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(values)) if (value) params.set(key, value)
  return `/staff/orders?${params}`
}

export default function StaffOrders() {
  const { values, errors, page, count, orders, loadedAt } = useLoaderData<typeof loader>()
  useLiveQueue('order', loadedAt)
  const stageOptions = STAGE_OPTIONS.some((o) => o.value === values.stage)
    ? STAGE_OPTIONS
    : [...STAGE_OPTIONS, { value: values.stage, label: values.stage }]
  const field = boundFields({ form: [], fields: errors }, values)
  return (
    <>
      <PageHeader title="صف سفارش‌ها">
        <span data-testid="staff-orders-count">{formatNumberFa(count)} سفارش</span>
      </PageHeader>
      <ListFilterForm
        clearTo="/staff/orders"
        className="sm:grid-cols-3 lg:grid-cols-6"
        actionsClassName="sm:col-span-2 lg:col-span-5"
      >
        <SelectField
          name="stage"
          label="مرحله"
          options={stageOptions}
          defaultValue={values.stage}
          className="lg:col-span-2"
        />
        <SelectField
          name="type"
          label="نوع خدمت"
          options={TYPE_OPTIONS}
          defaultValue={values.type}
        />
        <Field {...field('from')} label="از تاریخ" placeholder="۱۴۰۴/۰۹/۰۱" />
        <Field {...field('to')} label="تا تاریخ" placeholder="۱۴۰۴/۰۹/۳۰" />
        <Field {...field('phone')} label="موبایل مشتری" inputMode="tel" dir="ltr" />
        <SelectField
          name="sort"
          label="ترتیب"
          options={[
            { value: 'newest', label: 'جدیدترین اول' },
            { value: 'oldest', label: 'قدیمی‌ترین اول (صف)' },
          ]}
          defaultValue={values.sort}
        />
      </ListFilterForm>
      {orders.length === 0 ? (
        <EmptyState>سفارشی با این فیلترها پیدا نشد.</EmptyState>
      ) : (
        <Table
          caption="سفارش‌ها"
          columns={['سفارش', 'مشتری', 'خدمت', 'مبلغ', 'مرحله', 'تاریخ ثبت']}
          rows={orders.map((order) => ({
            key: String(order.id),
            cells: [
              <StaffOrderLink key="id" id={order.id} testId="staff-order-link" />,
              <span key="c">
                <CustomerName {...order.customer} />
              </span>,
              paymentTypeLabel(order.payment_type),
              <span key="a">
                <bdi dir="ltr">{formatForeignAmount(order.amount, order.currency)}</bdi>
                <br />
                <span className="text-xs text-slate-500">{formatToman(order.amount_irr)}</span>
              </span>,
              <StageBadge key="s" stage={order.stage} />,
              formatJalaliDateTime(order.created_at),
            ],
          }))}
        />
      )}
      <Pager url={filteredPath(values)} page={page} count={count} pageSize={QUEUE_PAGE_SIZE} />
    </>
  )
}

export const meta: MetaFunction = () => privatePageMeta('سفارش‌ها | پنل پشتیبانی ارزپل')

export { StaffErrorBoundary as ErrorBoundary } from '~/features/staff/ui.tsx'
