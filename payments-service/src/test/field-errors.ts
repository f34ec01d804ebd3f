import { expect } from 'vitest'
import type { TestResponse } from './http.ts'

/** The request was refused with 400 and exactly these messages per field, nothing else. */
export function expectFieldErrors(
  response: TestResponse<unknown>,
  fields: Record<string, string[]>,
): void {
  expect([response.status, response.body], response.text).toEqual([400, fields])
}
