import { servicePageLoader } from '~/features/site/service-page.server.ts'
export {
  ServiceRoute as default,
  meta,
  handle,
  headers,
} from '~/features/site/service-route.tsx'

// Also answers /intlExamPayment (the spelling the basic services page links to): Remix matches
// paths case-insensitively, and the canonical URL names this one.
export const loader = servicePageLoader('intlexampayment')
