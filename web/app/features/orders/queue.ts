/** The orders queue's vocabulary, shared by its page and the server-side filter parser. */
export { ORDER_STAGES } from '@arzpol/contracts'

export const QUEUE_PAGE_SIZE = 50
