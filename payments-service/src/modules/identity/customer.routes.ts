import { clientIpOf } from '../../http/client-ip.ts'
import { ok, reply, routeGroup, type Api } from '../../http/route.ts'
import { Level1Body } from '@arzpol/contracts/identity/customer'
import { IdentityStatusWithLevel2Out as IdentityStatusOut } from '@arzpol/contracts/identity/documents'
import type { IdentityService } from './identity.service.ts'
import { registerCardRoutes } from './cards.routes.ts'
import { registerIdentityDocumentRoutes } from './documents.routes.ts'

/** The customer's identity and limits (ADR 022). */
export function registerIdentityRoutes(api: Api, identity: IdentityService) {
  const customer = routeGroup(api, { tags: ['identity'], auth: 'user' })

  customer.get('/api/me/identity/', {
    operationId: 'me_identity',
    summary: "The caller's identity level, their verified data (national code masked) and limits",
    description:
      'Amounts in rials. `limits` are those of the current level with what remains of them today (Tehran) and this Jalali month (ADR 022): `today_used_irr` and `month_used_irr` are the money that moved (bank payments verified, cash-outs paid out; money that went back is not counted), `reserved_irr` what payments under way hold against both (a bank attempt still payable, a cash-out started), `reservations` the orders holding it with `until` (null: until the order moves on), and the remaining amounts are the limits less both. An order merely created holds nothing. `next_level` says what the next level asks and unlocks.',
    responses: ok('Identity and limits', IdentityStatusOut),
    handler: async (_ctx, { user }) => reply(200, await identity.status(user)),
  })

  customer.post('/api/me/identity/', {
    operationId: 'me_identity_verify',
    summary:
      'Level 1: name, national code and Jalali birth date, checked against the mobile (Shahkar)',
    description:
      "National code: ten digits with a valid checksum (Persian or Arabic digits accepted). Birth date: Jalali `YYYY/MM/DD`, 18 or older today (Tehran). The account's mobile must be registered to that national code (inquiry; a recent answer is reused). 409 `already_verified`, `national_code_taken` (one account per national code) or `mobile_mismatch`; 429 `inquiry_limit` with `retry_after` (seconds to Tehran midnight) when the customer or the client address used up today's paid inquiries; 503 `inquiry_unavailable` with `retry_after` when the provider does not answer.",
    body: Level1Body,
    responses: ok('Level 1 reached', IdentityStatusOut),
    errors: [409, 429, 503],
    handler: async (ctx, { user, body }) =>
      reply(200, await identity.verifyLevel1(user, body, clientIpOf(ctx))),
  })
  registerCardRoutes(api, identity.cards)
  registerIdentityDocumentRoutes(api, identity.documents)
}
