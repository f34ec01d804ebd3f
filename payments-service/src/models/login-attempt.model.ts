import { BaseModel } from './base.model.ts'

export class LoginAttempt extends BaseModel {
  static override tableName = 'login_attempts'
}
