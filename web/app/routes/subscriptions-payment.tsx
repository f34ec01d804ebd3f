import { servicePageLoader } from '~/features/site/service-page.server.ts'
export {
  ServiceRoute as default,
  meta,
  handle,
  headers,
} from '~/features/site/service-route.tsx'

export const loader = servicePageLoader('subscriptions-payment')
