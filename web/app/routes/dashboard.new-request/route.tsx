import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/node'
import { data } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { requireUser } from '~/features/auth/auth.server.ts'
import { getPaymentTypes } from '~/features/orders/orders.server.ts'
import { resolveDeepLink } from '~/features/orders/orders.ts'
import { GatewayForm, QuoteExpiredPanel } from '~/features/orders/new-request-quote.tsx'
import { newRequestAction } from '~/features/orders/new-request.server.ts'
import { NewRequestForm } from '~/features/orders/new-request-form.tsx'
import { privatePageMeta } from '~/utils/private-page-meta.ts'

/**
 * New request (spec §2, §4, §5): service type buttons, site address, credentials for the four
 * types that need them, amount, currency, the live toman quote, description, submit and cancel.
 * Submitting creates the order, starts it and posts the hidden form to the bank.
 */

export async function loader({ request }: LoaderFunctionArgs) {
  const { headers } = await requireUser(request)
  const types = await getPaymentTypes(request)
  const preset = resolveDeepLink(new URL(request.url).searchParams)
  // One key per rendered form: a double submit of it is one order (Idempotency-Key).
  return data({ types, preset, idempotencyKey: crypto.randomUUID() }, { headers })
}

export async function action({ request }: ActionFunctionArgs) {
  const { tokens, headers } = await requireUser(request)
  return newRequestAction(request, tokens.access, headers)
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

export default function NewRequestPage() {
  const { types, preset, idempotencyKey } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()

  if (actionData?.kind === 'gateway') {
    return <GatewayForm gatewayUrl={actionData.gatewayUrl} token={actionData.token} />
  }
  if (actionData?.kind === 'quote_expired') {
    return <QuoteExpiredPanel {...actionData} />
  }
  const failed = actionData?.kind === 'errors' ? actionData : undefined
  return (
    <NewRequestForm
      // A new server answer refills the form from what was sent.
      key={failed ? JSON.stringify(failed.values) : 'fresh'}
      types={types}
      preset={preset}
      serverErrors={failed?.errors}
      values={failed?.values ?? {}}
      orderId={failed?.orderId}
      newQuote={failed?.newQuote}
      idempotencyKey={failed?.values.idempotency_key ?? idempotencyKey}
    />
  )
}

export const meta: MetaFunction = () => privatePageMeta('درخواست جدید | ارزپل')

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary.tsx'
