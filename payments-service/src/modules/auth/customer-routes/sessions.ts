import type { z } from 'zod'
import { tokenNotValid } from '../../../http/errors.ts'
import { noContent, ok, reply, routeGroup, type Api } from '../../../http/route.ts'
import { Jwks, RefreshBody, TokenPair } from '@arzpol/contracts/auth/customer'
import type { AuthRouteDeps } from './auth-route-deps.ts'

/** A session's refresh and logout, and the public keys that verify its access tokens. */
export function registerSessionRoutes(
  api: Api,
  { deps, sessions }: Pick<AuthRouteDeps, 'deps' | 'sessions'>,
) {
  const anyone = routeGroup(api, { tags: ['auth'] })

  anyone.post('/api/auth/token/refresh/', {
    operationId: 'auth_token_refresh',
    summary: 'Exchange a refresh token for a new access and refresh token',
    description:
      'Refresh tokens are single use. Presenting one that was already exchanged revokes every token descended from the same sign-in. The new access token belongs to the same session (`sid`) and carries whether its sign-in passed the staff second factor (`second_factor`); staff powers need one that did.',
    body: RefreshBody,
    responses: ok('New token pair', TokenPair),
    errors: [401],
    handler: async (_ctx, { body }) => {
      const tokens = await sessions.rotate(body.refresh)
      if (!tokens) throw tokenNotValid()
      return reply(200, tokens)
    },
  })

  anyone.post('/api/auth/logout/', {
    operationId: 'auth_logout',
    summary: 'Revoke a refresh token and its whole family (its access tokens stop working too)',
    body: RefreshBody,
    responses: noContent('Signed out (also when the token was unknown)'),
    handler: async (_ctx, { body }) => {
      await sessions.revokeFamilyOf(body.refresh)
      return reply(204, undefined)
    },
  })

  for (const [path, operationId] of [
    ['/api/auth/jwks/', 'auth_jwks'],
    ['/.well-known/jwks.json', 'well_known_jwks'],
  ] as const) {
    anyone.get(path, {
      operationId,
      summary: 'Public keys that verify access tokens (for the cms)',
      responses: ok('JSON Web Key Set', Jwks),
      handler: (ctx) => {
        ctx.set('Cache-Control', 'public, max-age=300')
        return reply(200, deps.tokens.jwks as z.input<typeof Jwks>)
      },
    })
  }
}
