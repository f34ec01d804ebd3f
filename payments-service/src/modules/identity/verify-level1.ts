import { ApiError, ValidationError } from '../../http/errors.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import { CustomerIdentity } from '../../models/customer-identity.model.ts'
import type { User } from '../../models/user.model.ts'
import {
  formatJalaliDate,
  gregorianOf,
  isAdultOn,
  parseJalaliDate,
} from '@arzpol/contracts/identity/birth-date'
import { MESSAGES, type IdentityLevel, type Level1Input } from '@arzpol/contracts/identity/customer'
import type { IdentityServiceDeps } from './identity-deps.ts'
import { identityStatus } from './identity-status.ts'
import { InquiryError } from './inquiry.ts'
import { inquiryUnavailable } from './ownership.ts'

const conflict = (detail: string, code: string) => new ApiError(409, detail, code)

/**
 * Level 1: the checks we can make ourselves first (age, one account per national code), then
 * the paid Shahkar inquiry (counted against the customer's and the request's address's daily
 * caps, ADR 030), then the row whose unique national code settles a race between two accounts.
 */
export async function verifyLevel1(
  deps: IdentityServiceDeps,
  user: User,
  input: Level1Input,
  clientIp: string | null,
) {
  const { db, clock } = deps
  const birth = parseJalaliDate(input.birth_date)
  if (!birth) throw ValidationError.field('birth_date', MESSAGES.birthDateInvalid)
  if (!isAdultOn(birth, clock.now())) throw ValidationError.field('birth_date', MESSAGES.underAge)
  if (await CustomerIdentity.of(db, user.id)) {
    throw conflict(MESSAGES.alreadyVerified, 'already_verified')
  }
  const holder = await CustomerIdentity.holderOf(db, input.national_code)
  if (holder) throw conflict(MESSAGES.nationalCodeTaken, 'national_code_taken')

  let answer
  try {
    answer = await deps.inquiries.ask(
      'mobile_national_code',
      { mobile: user.phone, nationalCode: input.national_code },
      { userId: user.id, clientIp },
    )
  } catch (error) {
    if (!(error instanceof InquiryError)) throw error
    throw inquiryUnavailable()
  }
  if (answer !== 'matched') throw conflict(MESSAGES.mobileMismatch, 'mobile_mismatch')

  const now = clock.now()
  try {
    await CustomerIdentity.recordLevel1(db, {
      user_id: user.id,
      level: 1 satisfies IdentityLevel,
      first_name: input.first_name,
      last_name: input.last_name,
      national_code: input.national_code,
      birth_date_jalali: formatJalaliDate(birth),
      birth_date: gregorianOf(birth),
      level1_at: now,
      created_at: now,
      updated_at: now,
    })
  } catch (error) {
    if (isUniqueViolation(error, 'customer_identities_national_code_key')) {
      throw conflict(MESSAGES.nationalCodeTaken, 'national_code_taken')
    }
    if (isUniqueViolation(error, 'customer_identities_pkey')) {
      throw conflict(MESSAGES.alreadyVerified, 'already_verified')
    }
    throw error
  }
  await deps.onLevel1?.(user.id)
  return identityStatus(deps, user)
}
