import { BaseModel } from './base.model.ts'

export class StaffSecondFactor extends BaseModel {
  static override tableName = 'staff_second_factors'
}

export class StaffRecoveryCode extends BaseModel {
  static override tableName = 'staff_recovery_codes'
}
