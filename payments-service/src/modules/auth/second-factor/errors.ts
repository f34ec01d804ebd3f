import { ApiError } from '../../../http/errors.ts'
import { SECOND_FACTOR_MESSAGES } from '@arzpol/contracts/auth/staff'

export const challengeInvalid = () =>
  new ApiError(401, SECOND_FACTOR_MESSAGES.challengeInvalid, 'second_factor_challenge_invalid')
export const wrongCode = () =>
  new ApiError(401, SECOND_FACTOR_MESSAGES.wrongCode, 'second_factor_invalid')
export const codeUsed = () =>
  new ApiError(401, SECOND_FACTOR_MESSAGES.codeUsed, 'second_factor_code_used')
export const alreadyEnrolled = () =>
  new ApiError(409, SECOND_FACTOR_MESSAGES.alreadyEnrolled, 'second_factor_already_enrolled')
export const notEnrolled = () =>
  new ApiError(409, SECOND_FACTOR_MESSAGES.notEnrolled, 'second_factor_not_enrolled')
export const enrolmentLinkRequired = () =>
  new ApiError(
    403,
    SECOND_FACTOR_MESSAGES.enrolmentLinkRequired,
    'second_factor_enrolment_link_required',
  )
export const enrolmentNotStarted = () =>
  new ApiError(
    409,
    SECOND_FACTOR_MESSAGES.enrolmentNotStarted,
    'second_factor_enrolment_not_started',
  )
