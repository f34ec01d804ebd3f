import {
  formatJalaliDateTime,
  formatPercentFa,
  formatToman,
  toPersianDigits,
} from '@arzpol/contracts'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ButtonLink } from '~/components/ui/button.tsx'
import { Card } from '~/components/ui/card.tsx'
import { Hero } from '~/components/ui/section.tsx'
import { CURRENCY_LABELS, ORDER_CURRENCIES } from '~/features/orders/orders.ts'
import { RateChart } from '~/features/rates/rate-chart.tsx'
import { loadRatesPage, type ServiceFee } from '~/features/rates/rates.server.ts'
import { SITE_PAGES } from '~/features/site/public-routes.ts'
import { seoMeta } from '~/features/content/seo.ts'
import { pageSeo } from '~/features/content/seo.server.ts'
import type { HydrateHandle } from '~/utils/hydration.ts'

/**
 * /rates: today's rate of every currency staff price, its last 30 days as a chart drawn on the
 * server, and each service's fee: complete HTML, no JavaScript. The order form takes USD, EUR
 * and GBP; the other currencies priced here are ordered through support, and the page says how.
 */

export const handle: HydrateHandle = { hydrate: false }

export async function loader({ request }: LoaderFunctionArgs) {
  const page = await loadRatesPage(request)
  const seo = pageSeo({ ...SITE_PAGES.rates, noindex: !page.ok })
  // Rates change when staff set them: a minute's cache spares payments-service a crowd.
  const headers: Record<string, string> = page.ok
    ? { 'Cache-Control': 'public, max-age=60' }
    : { 'Cache-Control': 'no-store', 'Retry-After': '60' }
  return data({ ...page, seo }, { status: page.ok ? 200 : 503, headers })
}

export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders

const ORDERABLE: readonly string[] = ORDER_CURRENCIES

/** A service's fee in words: its share of the amount, plus its fixed part when it has one. */
function feeText(fee: ServiceFee): string {
  const share = formatPercentFa(fee.feeBps / 10_000, 2)
  return fee.feeFixedIrr > 0 ? `${share} مبلغ + ${formatToman(fee.feeFixedIrr)}` : `${share} مبلغ`
}

export default function RatesPage() {
  const page = useLoaderData<typeof loader>()
  return (
    <>
      <Hero
        title={SITE_PAGES.rates.title}
        subtitle="نرخ خرید هر ارز به تومان، همان نرخی که سفارش شما با آن قیمت می‌شود، و کارمزد هر خدمت."
      />
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-10">
        {!page.ok ? (
          <p
            role="alert"
            className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900"
          >
            نرخ‌ها اکنون در دسترس نیست. چند دقیقه دیگر دوباره این صفحه را باز کنید.
          </p>
        ) : (
          <>
            <section aria-labelledby="rates-title" className="flex flex-col gap-4">
              <h2 id="rates-title" className="text-xl font-extrabold text-slate-900">
                نرخ امروز و ۳۰ روز گذشته
              </h2>
              <ul className="grid gap-4 md:grid-cols-2">
                {page.rates.map((rate) => {
                  const label = CURRENCY_LABELS[rate.currency] ?? rate.currency
                  return (
                    <li key={rate.currency} data-testid="rate-card" data-currency={rate.currency}>
                      <Card as="article" className="flex flex-col gap-3">
                        <h3 className="flex items-baseline justify-between gap-2">
                          <span className="text-lg font-bold text-slate-900">
                            {label}{' '}
                            <span className="text-sm text-slate-500">({rate.currency})</span>
                          </span>
                          <span
                            className="text-lg font-extrabold text-teal-800"
                            data-testid="rate-today"
                          >
                            {formatToman(rate.buyRateIrr)}
                          </span>
                        </h3>
                        <p className="text-xs text-slate-500">
                          به‌روزرسانی: {formatJalaliDateTime(rate.updatedAt)}
                        </p>
                        <RateChart label={`نرخ ${label}`} daily={rate.daily} />
                        {ORDERABLE.includes(rate.currency) ? null : (
                          <p
                            className="text-sm leading-7 text-slate-700"
                            data-testid="rate-through-support"
                          >
                            فرم سفارش این ارز را ندارد. در «پشتیبانی و تیکت‌ها» یک تیکت با مبلغ و
                            ارز بفرستید تا سفارش را برایتان ثبت کنیم.
                          </p>
                        )}
                      </Card>
                    </li>
                  )
                })}
              </ul>
            </section>
            {page.fees.length ? (
              <section aria-labelledby="fees-title" className="flex flex-col gap-4">
                <h2 id="fees-title" className="text-xl font-extrabold text-slate-900">
                  کارمزد خدمات
                </h2>
                <Card className="overflow-x-auto !p-0">
                  <table className="w-full text-sm">
                    <thead className="bg-slate-50 text-slate-600">
                      <tr>
                        {['خدمت', 'کارمزد'].map((column) => (
                          <th
                            key={column}
                            scope="col"
                            className="px-4 py-3 text-start font-semibold"
                          >
                            {column}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {page.fees.map((fee) => (
                        <tr
                          key={fee.value}
                          className="border-t border-slate-100"
                          data-testid="fee-row"
                        >
                          <th
                            scope="row"
                            className="px-4 py-3 text-start font-medium text-slate-900"
                          >
                            {fee.label}
                          </th>
                          <td className="px-4 py-3 text-slate-700">{feeText(fee)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </Card>
                <p className="text-xs leading-6 text-slate-500">
                  مبلغ ریالی هر سفارش = مبلغ ارزی × نرخ روز + کارمزد؛ نرخ هنگام ثبت سفارش تا{' '}
                  {toPersianDigits(15)} دقیقه قفل می‌شود.
                </p>
              </section>
            ) : null}
            <ButtonLink to="/dashboard/new-request" className="self-start">
              ثبت درخواست
            </ButtonLink>
          </>
        )}
      </div>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo)

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary.tsx'
