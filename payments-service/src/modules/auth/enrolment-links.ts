import { createHash, randomBytes } from 'node:crypto'
import { formatJalaliDateTime } from '@arzpol/contracts'
import {
  ENROLMENT_LINK_PARAM,
  ENROLMENT_LINK_PATH,
  SECOND_FACTOR_MESSAGES,
} from '@arzpol/contracts/auth/staff'
import type { Knex } from 'knex'
import { ApiError } from '../../http/errors.ts'
import { addSeconds } from '../../lib/clock.ts'
import { StaffEnrolmentLink } from '../../models/staff-enrolment-link.model.ts'
import { UserAudit } from '../../models/user-audit.model.ts'
import { appendStaffAudit } from '../staff-audit/chain.ts'

/**
 * One-time enrolment links (ADR 035). A staff member enrols an authenticator only with the
 * password's challenge AND a link issued for their account, so neither the admin who set the
 * password nor anyone who read it on the way can enrol in their place.
 *
 * - The token is 32 random bytes (base64url); only its SHA-256 is stored. 256 random bits need
 *   no key or slow hash: nobody searches that space, even with a dump of the table.
 * - A link works once, until it expires (STAFF_ENROLMENT_LINK_HOURS), and only while it is the
 *   account's newest one: issuing a link revokes the account's older open links.
 * - Issuing is audited in `user_audit` and in the staff audit chain; neither records the token.
 */

export interface EnrolmentLinkSettings {
  /** web's public origin (WEB_PUBLIC_URL): the link opens its enrolment page. */
  webPublicUrl: string
  /** STAFF_ENROLMENT_LINK_HOURS */
  lifetimeHours: number
}

export const enrolmentLinkSettings = (config: {
  WEB_PUBLIC_URL: string
  STAFF_ENROLMENT_LINK_HOURS: number
}): EnrolmentLinkSettings => ({
  webPublicUrl: config.WEB_PUBLIC_URL,
  lifetimeHours: config.STAFF_ENROLMENT_LINK_HOURS,
})

export interface IssuedEnrolmentLink {
  url: string
  expiresAt: Date
}

const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex')

export function enrolmentLinkUrl(webPublicUrl: string, token: string): string {
  const url = new URL(ENROLMENT_LINK_PATH, webPublicUrl.replace(/\/*$/, '/'))
  url.searchParams.set(ENROLMENT_LINK_PARAM, token)
  return url.toString()
}

/**
 * Issues a link for a staff account, inside the caller's transaction (whoever calls has checked
 * that the actor may and that the account has no confirmed authenticator). Answers the URL,
 * shown this once, and its expiry.
 */
export async function issueEnrolmentLink(
  trx: Knex.Transaction,
  input: {
    userId: number
    /** The admin who asked, or `cli` for an operator's create-staff. */
    actor: { id: number } | 'cli'
    now: Date
    settings: EnrolmentLinkSettings
  },
): Promise<IssuedEnrolmentLink> {
  const { userId, actor, now, settings } = input
  const token = randomBytes(32).toString('base64url')
  const expiresAt = addSeconds(now, settings.lifetimeHours * 3600)
  await StaffEnrolmentLink.issue(trx, {
    user_id: userId,
    token_hash: hashOf(token),
    issued_by: actor === 'cli' ? null : actor.id,
    created_at: now,
    expires_at: expiresAt,
  })
  await UserAudit.record(trx, {
    user_id: userId,
    action: 'enrolment_link_issued',
    actor_user_id: actor === 'cli' ? null : actor.id,
    note: `معتبر تا ${formatJalaliDateTime(expiresAt)}`,
    created_at: now,
  })
  await appendStaffAudit(trx, {
    actor,
    action: 'user_changed',
    subject: { type: 'user', id: userId },
    data: { change: 'enrolment_link_issued', expires_at: expiresAt },
    at: now,
  })
  return { url: enrolmentLinkUrl(settings.webPublicUrl, token), expiresAt }
}

const refused = (status: number, message: string, code: string) =>
  new ApiError(status, message, code)

/**
 * Uses up the link `token` for the staff member `userId`, or refuses it: unknown (403), another
 * account's (403, and left as it was for its owner), used, revoked or expired (410). Run in the
 * transaction that shows the new secret, so a refusal, or a failure after it, leaves the link as
 * it was, and two tabs using one link get one secret between them.
 */
export async function takeEnrolmentLink(
  trx: Knex.Transaction,
  input: { userId: number; token: string; now: Date },
): Promise<void> {
  const link = await StaffEnrolmentLink.lockByHash(trx, hashOf(input.token))
  const M = SECOND_FACTOR_MESSAGES
  if (!link) throw refused(403, M.enrolmentLinkInvalid, 'second_factor_enrolment_link_invalid')
  if (link.user_id !== input.userId) {
    throw refused(403, M.enrolmentLinkNotYours, 'second_factor_enrolment_link_not_yours')
  }
  if (link.used_at) throw refused(410, M.enrolmentLinkUsed, 'second_factor_enrolment_link_used')
  if (link.revoked_at) {
    throw refused(410, M.enrolmentLinkRevoked, 'second_factor_enrolment_link_revoked')
  }
  if (link.expires_at.getTime() <= input.now.getTime()) {
    throw refused(410, M.enrolmentLinkExpired, 'second_factor_enrolment_link_expired')
  }
  await StaffEnrolmentLink.markUsed(trx, link.id, input.now)
}
