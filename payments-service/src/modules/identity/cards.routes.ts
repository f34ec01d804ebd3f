import { clientIpOf } from '../../http/client-ip.ts'
import { created, noContent, ok, reply, routeGroup, type Api } from '../../http/route.ts'
import { CardBody, CardListOut, CardOut } from '@arzpol/contracts/identity/cards'
import { IdParams } from '@arzpol/contracts/orders/customer'
import type { CardService } from './cards.ts'

/** The customer's own bank cards (ADR 024): only masked numbers ever leave. */
export function registerCardRoutes(api: Api, cards: CardService) {
  const customer = routeGroup(api, { tags: ['identity'], auth: 'user' })

  customer.get('/api/me/identity/cards/', {
    operationId: 'me_identity_cards',
    summary: "The caller's registered bank cards (masked), oldest first",
    description:
      'From identity level 1 on, payments are accepted only from these cards; the first is the default at payment start.',
    responses: ok('Cards', CardListOut),
    handler: async (_ctx, { user }) => reply(200, await cards.list(user)),
  })

  customer.post('/api/me/identity/cards/', {
    operationId: 'me_identity_cards_add',
    summary: 'Register a bank card in the caller’s own name (level 1 needed)',
    description:
      "16 digits (Persian or Arabic digits, spaces and dashes accepted), Luhn-checked, of a known Iranian bank. The card's owner must be the caller's national code (inquiry; a recent answer is reused). 403 `identity_level_required` at level 0; 409 `card_not_owner`, `card_already_registered` or `too_many_cards` (IDENTITY_CARD_LIMIT_PER_CUSTOMER registered already); 429 `inquiry_limit` with `retry_after` (seconds to Tehran midnight) when the customer or the client address used up today's paid inquiries; 503 `inquiry_unavailable` with `retry_after` when the provider does not answer.",
    body: CardBody,
    responses: created('Registered', CardOut),
    errors: [403, 409, 429, 503],
    handler: async (ctx, { user, body }) =>
      reply(201, await cards.register(user, body, clientIpOf(ctx))),
  })

  customer.delete('/api/me/identity/cards/:id/', {
    operationId: 'me_identity_cards_remove',
    summary: 'Remove one of the caller’s cards (404 for anyone else’s)',
    params: IdParams,
    responses: noContent('Removed'),
    errors: [404],
    handler: async (_ctx, { user, params }) => {
      await cards.remove(user, params.id)
      return reply(204, undefined)
    },
  })
}
