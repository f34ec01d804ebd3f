import type { Api } from '../../http/route.ts'
import type { AuthRouteDeps } from './customer-routes/auth-route-deps.ts'
import { registerLoginRoute } from './customer-routes/login.ts'
import { registerPasswordRoutes } from './customer-routes/password.ts'
import { registerRegistrationRoutes } from './customer-routes/registration.ts'
import { registerSessionRoutes } from './customer-routes/sessions.ts'

export type { AuthRouteDeps } from './customer-routes/auth-route-deps.ts'

/** The customer-facing auth routes, group by group in the order they have always been declared. */
export function registerAuthRoutes(api: Api, routeDeps: AuthRouteDeps) {
  registerRegistrationRoutes(api, routeDeps)
  registerLoginRoute(api, routeDeps)
  registerPasswordRoutes(api, routeDeps)
  registerSessionRoutes(api, routeDeps)
}
