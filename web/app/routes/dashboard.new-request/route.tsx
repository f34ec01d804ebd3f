import { cardLabel } from '~/features/identity/card-label.ts'
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
import { listCards } from '~/features/identity/identity.server.ts'
import { resolveDeepLink } from '~/features/orders/orders.ts'
import { GatewayForm, QuoteExpiredPanel } from '~/features/orders/new-request-quote.tsx'
import { newRequestAction } from '~/features/orders/new-request.server.ts'
import { NewRequestForm } from '~/features/orders/new-request-form.tsx'
import { PayAgainNotice } from '~/features/orders/pay-again.tsx'
import { payAgainValues } from '~/features/orders/pay-again.server.ts'
import { privatePageMeta } from '~/utils/private-page-meta.ts'

/**
 * New request (docs/product/orders.md): service type buttons, site address, credentials for the
 * four types that need them, amount, currency, the live toman quote, description, submit and
 * cancel. Submitting creates the order, starts it and posts the hidden form to the bank.
 */

export async function loader({ request }: LoaderFunctionArgs) {
  const { tokens, headers } = await requireUser(request)
  const params = new URL(request.url).searchParams
  const [types, again, cards] = await Promise.all([
    getPaymentTypes(request),
    payAgainValues(request, tokens.access, params.get('again')),
    listCards(request, tokens.access),
  ])
  const preset = resolveDeepLink(params)
  // One key per rendered form: a double submit of it is one order (Idempotency-Key).
  // From identity level 1 a payment uses one of the customer's cards: the form lets them pick.
  const payingCards = cards.ok
    ? cards.data.map((card) => ({ id: card.id, label: cardLabel(card) }))
    : []
  return data(
    { types, preset, again, payingCards, idempotencyKey: crypto.randomUUID() },
    { headers },
  )
}

export async function action({ request }: ActionFunctionArgs) {
  const { tokens, headers } = await requireUser(request)
  return newRequestAction(request, tokens.access, headers)
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

export default function NewRequestPage() {
  const { types, preset, again, payingCards, idempotencyKey } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()

  if (actionData?.kind === 'gateway') {
    return (
      <GatewayForm
        gatewayUrl={actionData.gatewayUrl}
        token={actionData.token}
        price={actionData.price}
      />
    )
  }
  if (actionData?.kind === 'quote_expired') {
    return <QuoteExpiredPanel {...actionData} />
  }
  const failed = actionData?.kind === 'errors' ? actionData : undefined
  return (
    <>
      {again && !failed ? <PayAgainNotice orderId={again.orderId} values={again.values} /> : null}
      <NewRequestForm
        // A new server answer refills the form from what was sent.
        key={failed ? JSON.stringify(failed.values) : again ? `again-${again.orderId}` : 'fresh'}
        types={types}
        payingCards={payingCards}
        preset={preset}
        serverErrors={failed?.errors}
        values={failed?.values ?? again?.values ?? {}}
        orderId={failed?.orderId}
        newQuote={failed?.newQuote}
        idempotencyKey={failed?.values.idempotency_key ?? idempotencyKey}
      />
    </>
  )
}

export const meta: MetaFunction = () => privatePageMeta('درخواست جدید | ارزپل')

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary.tsx'
