import { BaseModel } from './base.model.ts'

export class OtpFailure extends BaseModel {
  static override tableName = 'otp_failures'
}

export class OtpLock extends BaseModel {
  static override tableName = 'otp_locks'
}
