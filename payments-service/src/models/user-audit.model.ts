import { BaseModel } from './base.model.ts'

export class UserAudit extends BaseModel {
  static override tableName = 'user_audit'
}
