import { verify } from 'otplib'
import type { StaffSecondFactorRow } from '../../../models/staff-second-factor.model.ts'
import { codeUsed, wrongCode } from './errors.ts'
import type { SecondFactorContext } from './second-factor-deps.ts'

const TOTP_PERIOD_SECONDS = 30
/** The vault's purpose (associated data) of TOTP secrets; cli/reseal.ts re-seals under it too. */
export const TOTP_VAULT_PURPOSE = 'totp_secret'

const secretOf = ({ vault }: SecondFactorContext, row: StaffSecondFactorRow) =>
  vault.open(row.secret_ciphertext, row.secret_key_id, row.user_id, TOTP_VAULT_PURPOSE)

/**
 * The 30-second step of a code within one step of now, or null. Replays (a step not newer than
 * the last accepted one) are told apart from wrong codes: the owner may have pressed twice.
 */
export async function checkTotp(
  deps: SecondFactorContext,
  row: StaffSecondFactorRow,
  code: string,
): Promise<number> {
  const result = await verify({
    secret: secretOf(deps, row),
    token: code,
    epoch: Math.floor(deps.clock.now().getTime() / 1000),
    epochTolerance: TOTP_PERIOD_SECONDS,
  })
  if (!result.valid) throw wrongCode()
  if (!('timeStep' in result)) throw new Error('otplib: a TOTP result without its time step')
  const last = row.last_time_step === null ? null : Number(row.last_time_step)
  if (last !== null && result.timeStep <= last) throw codeUsed()
  return result.timeStep
}
