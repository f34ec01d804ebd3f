/** Names shared by the staff second factor's page and its server side (ADR 015). */

export const SECOND_FACTOR_PATH = '/auth/second-factor'
export const RECOVERY_CODES_PATH = '/auth/recovery-codes'

/** The submit buttons' `intent`: enrolment confirmation or a sign-in code. */
export const SECOND_FACTOR_INTENTS = { confirm: 'confirm-enrolment', verify: 'verify' } as const
