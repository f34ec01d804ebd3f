import { ok, reply, routeGroup, type Api } from '../../http/route.ts'
import type { User } from '../../models/user.model.ts'
import { CurrentUserResponse } from '@arzpol/contracts/users/customer'

const currentUserBody = (user: User) => ({
  id: user.id,
  username: user.username,
  email: user.email,
})

/** The signed-in user's profile (the same under its older /api/auth/ path). */
export function registerProfileRoutes(api: Api) {
  const signedIn = routeGroup(api, { tags: ['auth'], auth: 'user' })

  for (const [path, operationId] of [
    ['/api/auth/me/', 'auth_me'],
    ['/api/me/', 'me'],
  ] as const) {
    signedIn.get(path, {
      operationId,
      summary: 'The signed-in user',
      responses: ok('Current user', CurrentUserResponse),
      handler: (_ctx, { user }) => reply(200, currentUserBody(user)),
    })
  }
}
