import { servicePageLoader } from '~/utils/service-page-route.server.ts'
export {
  ServiceRoute as default,
  meta,
  handle,
  headers,
} from '~/components/public/service-route.tsx'

export const loader = servicePageLoader('subscriptions-payment')
