import { generateSecret, generateURI } from 'otplib'
import { StaffSecondFactor } from '../../../models/staff-second-factor.model.ts'
import { takeEnrolmentLink } from '../enrolment-links.ts'
import { userOf } from './challenge.ts'
import { alreadyEnrolled, enrolmentLinkRequired } from './errors.ts'
import type { SecondFactorContext } from './second-factor-deps.ts'
import { TOTP_VAULT_PURPOSE } from './totp.ts'

const ISSUER = 'ArzPol'

/** Uses up an enrolment link and begins a new pending authenticator for the challenge's staff. */
export async function beginEnrolment(
  deps: SecondFactorContext,
  { challenge, link }: { challenge: string; link?: string | undefined },
): Promise<{ secret: string; otpauthUri: string }> {
  const { db, clock, logger, vault } = deps
  const user = await userOf(deps, challenge)
  return db.transaction(async (trx) => {
    const row = await StaffSecondFactor.lockOfUser(trx, user.id)
    if (row?.confirmed_at) throw alreadyEnrolled()
    // The password alone never enrols: whoever set it or read it could (ADR 035).
    if (!link) throw enrolmentLinkRequired()
    const now = clock.now()
    await takeEnrolmentLink(trx, { userId: user.id, token: link, now })
    // A new secret for every link used, so no secret is ever shown twice: a secret shown
    // before and never confirmed stops working here.
    const secret = generateSecret()
    const sealed = vault.seal(secret, user.id, TOTP_VAULT_PURPOSE)
    const begun = await StaffSecondFactor.beginAnew(trx, {
      user_id: user.id,
      secret_ciphertext: sealed.ciphertext,
      secret_key_id: sealed.keyId,
      created_at: now,
    })
    // The lock above and the link's lock keep this from happening; never overwrite a
    // confirmed authenticator all the same.
    if (!begun) throw alreadyEnrolled()
    logger.info({ user_id: user.id, role: user.role }, 'staff enrolment link used')
    return {
      secret,
      otpauthUri: generateURI({ issuer: ISSUER, label: user.username, secret }),
    }
  })
}
