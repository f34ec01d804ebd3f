import { OTP_PURPOSES, type OtpPurpose } from '@arzpol/contracts/value-sets'
import { BaseModel } from './base.model.ts'

export { OTP_PURPOSES, type OtpPurpose }

export class OtpChallenge extends BaseModel {
  static override tableName = 'otp_challenges'

  declare id: number
  declare phone: string
  declare purpose: OtpPurpose
  declare nonce: string
  /** False when no SMS went out (a reset for an unknown phone): the row only keeps limits equal. */
  declare delivered: boolean
  declare client_ip: string | null
  declare attempts: number
  declare expires_at: Date
  declare consumed_at: Date | null
  declare created_at: Date
}
