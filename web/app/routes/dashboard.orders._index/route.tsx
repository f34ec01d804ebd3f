import { formatNumberFa } from '@arzpol/contracts'
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, Link, useLoaderData, useSubmit } from '@remix-run/react'
import { Field } from '~/components/forms.tsx'
import { ButtonLink } from '~/components/ui/button.tsx'
import { OrderCard } from '~/features/orders/order-card.tsx'
import { requireUser } from '~/features/auth/auth.server.ts'
import { listOrders } from '~/features/orders/orders.server.ts'
import { filterOrders, ORDER_STATUSES, STATUS_LABELS } from '~/features/orders/orders.ts'
import { getLogger } from '~/utils/logger.server.ts'
import { privatePageMeta } from '~/utils/private-page-meta.ts'
import type { HydrateHandle } from '~/utils/hydration.ts'

/**
 * Orders (docs/product/orders.md): search over id, site address and description; the status filter
 * synced to `?filter=`; the count; order cards; one empty text for a filtered list, another for no
 * orders. A GET form, so searching and filtering work without JavaScript.
 */

const FILTERS = ['all', ...ORDER_STATUSES] as const
const FILTER_LABELS: Record<string, string> = { all: 'همه', ...STATUS_LABELS }

export async function loader({ request }: LoaderFunctionArgs) {
  const { tokens, headers } = await requireUser(request)
  const url = new URL(request.url)
  const q = url.searchParams.get('q') ?? ''
  const rawFilter = url.searchParams.get('filter') ?? 'all'
  const filter = (FILTERS as readonly string[]).includes(rawFilter) ? rawFilter : 'all'
  const result = await listOrders(request, tokens.access)
  // A failed list is only logged.
  if (!result.ok) getLogger().warn({ status: result.status }, 'order list failed')
  const all = result.ok ? result.data : []
  return data(
    {
      q,
      filter,
      total: all.length,
      failed: !result.ok,
      payment: url.searchParams.get('payment'),
      orders: filterOrders(all, { q, filter }),
    },
    { headers },
  )
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

// The filter is a GET form with its own button: no JavaScript needed to use it (ADR 044).
export const handle: HydrateHandle = { hydrate: false }

export default function OrdersPage() {
  const { q, filter, total, orders, failed, payment } = useLoaderData<typeof loader>()
  const submit = useSubmit()
  const filtered = q !== '' || filter !== 'all'
  return (
    <section className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold text-slate-900">لیست سفارش‌ها</h1>
        <ButtonLink to="/dashboard/new-request">درخواست جدید</ButtonLink>
      </div>
      {payment === 'failed' ? (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
          پرداخت انجام نشد.
        </p>
      ) : null}
      <Form
        method="get"
        role="search"
        className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-end"
        onChange={(event) => {
          // The filter applies at once; typing in the search box waits for Enter or the button.
          if (event.target instanceof HTMLSelectElement) submit(event.currentTarget)
        }}
      >
        <Field
          id="orders-q"
          type="search"
          name="q"
          label="جستجو"
          defaultValue={q}
          placeholder="شماره سفارش، آدرس سایت یا توضیحات"
          className="flex-1"
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="orders-filter" className="text-sm font-medium text-slate-800">
            وضعیت
          </label>
          <select
            id="orders-filter"
            name="filter"
            defaultValue={filter}
            className="rounded-xl border border-slate-300 bg-white px-4 py-2.5"
          >
            {FILTERS.map((value) => (
              <option key={value} value={value}>
                {FILTER_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className="rounded-xl bg-slate-800 px-5 py-2.5 font-semibold text-white hover:bg-slate-900"
        >
          جستجو
        </button>
      </Form>
      <p className="text-sm text-slate-600" data-testid="orders-count">
        {formatNumberFa(orders.length)} سفارش
        {filtered ? ` از ${formatNumberFa(total)}` : ''}
      </p>
      {orders.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {orders.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
        </ul>
      ) : filtered && total > 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          سفارشی با این جستجو یا وضعیت پیدا نشد.
        </p>
      ) : (
        <div className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          <p>{failed ? 'فهرست سفارش‌ها در دسترس نیست.' : 'هنوز سفارشی ثبت نکرده‌اید.'}</p>
          <Link to="/dashboard/new-request" className="mt-3 inline-block text-teal-700 underline">
            ثبت اولین درخواست
          </Link>
        </div>
      )}
    </section>
  )
}

export const meta: MetaFunction = () => privatePageMeta('سفارش‌ها | ارزپل')

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary.tsx'
