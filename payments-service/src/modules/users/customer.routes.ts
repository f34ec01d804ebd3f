import { defineRoute, reply, type Api } from '../../http/route.ts'
import type { User } from '../../models/user.model.ts'
import { CurrentUserResponse } from '@arzpol/contracts/users/customer'

const TAGS = ['auth']

const currentUserBody = (user: User) => ({
  id: user.id,
  username: user.username,
  email: user.email,
})

/** The signed-in user's profile (the same under its older /api/auth/ path). */
export function registerProfileRoutes(api: Api) {
  for (const [path, operationId] of [
    ['/api/auth/me/', 'auth_me'],
    ['/api/me/', 'me'],
  ] as const) {
    defineRoute(api, {
      method: 'get',
      path,
      operationId,
      summary: 'The signed-in user',
      tags: TAGS,
      auth: 'user',
      responses: { 200: { description: 'Current user', schema: CurrentUserResponse } },
      handler: (_ctx, { user }) => reply(200, currentUserBody(user)),
    })
  }
}
