import { z } from 'zod'

/** Shapes every payments-service staff list shares: a user named in a row, a page, a query. */

export const userRef = z.object({ id: z.number(), username: z.string() })

export const page = <T extends z.ZodType>(item: T) =>
  z.object({ count: z.number(), results: z.array(item) })

/** `?a=1&b=2` from the set fields of a query object, or '' when none is set. */
export function queryString(query: object): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value))
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}
