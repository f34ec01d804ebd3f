/** Names shared by the staff second factor's page and its server side (ADR 015). */

export const SECOND_FACTOR_PATH = '/auth/second-factor'
export const RECOVERY_CODES_PATH = '/auth/recovery-codes'

/** Where the recovery codes of a fresh enrolment are posted back to leave as a text file. */
export const RECOVERY_CODES_FILE_PATH = '/auth/recovery-codes.txt'

/**
 * The submit buttons' `intent`: showing the secret (uses up the enrolment link, ADR 035), the
 * enrolment's first code, or a sign-in code.
 */
export const SECOND_FACTOR_INTENTS = {
  start: 'start-enrolment',
  confirm: 'confirm-enrolment',
  verify: 'verify',
} as const

/** The back office's own sign-in: the same password as anywhere, then the second factor. */
export const STAFF_LOGIN_PATH = '/staff/login'
