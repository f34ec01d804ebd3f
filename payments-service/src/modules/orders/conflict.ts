import { ApiError } from '../../http/errors.ts'

/** A 409 refusal of a customer's order request, with what the client needs to try again. */
export const conflict = (detail: string, code: string, body?: Record<string, unknown>) =>
  new ApiError(409, detail, code, body ? { body } : {})
