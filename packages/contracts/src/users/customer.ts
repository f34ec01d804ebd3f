import { z } from 'zod'

/** Response shapes of the customer's own account. */

export const CurrentUserResponse = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
})
