import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { proxyToPayments } from '~/features/api/proxy.server.ts'

// `/api/*` on the public origin is payments-service's JSON API (ADR 002, docs/product/api.md).

export function loader({ request }: LoaderFunctionArgs) {
  return proxyToPayments(request)
}

export function action({ request }: ActionFunctionArgs) {
  return proxyToPayments(request)
}
