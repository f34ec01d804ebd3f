import { toPersianDigits } from '@arzpol/contracts'
import { requireUser } from '~/features/auth/auth.server.ts'
import { getIdentity } from '~/features/identity/identity.server.ts'
import { getOrder } from './orders.server.ts'
import { PAID_STAGES } from './orders.ts'

/**
 * The paid order a receipt is of, and the customer it names: for the receipt page and its PDF.
 * Only a verified payment has a receipt (404 otherwise, as for another customer's order).
 */
export async function loadReceipt(request: Request, orderId: string | undefined) {
  const { user, tokens, headers } = await requireUser(request)
  const id = Number(orderId)
  if (!Number.isSafeInteger(id) || id <= 0) throw new Response('Not found', { status: 404 })
  const [result, identity] = await Promise.all([
    getOrder(request, tokens.access, id),
    getIdentity(request, tokens.access),
  ])
  if (!result.ok) {
    throw new Response('Not found', { status: result.status === 404 ? 404 : 502, headers })
  }
  if (!PAID_STAGES.includes(result.data.stage)) {
    throw new Response('No receipt', { status: 404, headers })
  }
  // The verified name once identity level 1 has it; before that the phone number.
  const verified = identity.ok ? identity.data.identity : null
  const customer = verified
    ? `${verified.first_name} ${verified.last_name}`
    : toPersianDigits(user.username)
  return { order: result.data, customer, headers }
}
