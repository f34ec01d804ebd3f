import { BaseModel } from './base.model.ts'

export class IdentityInquiry extends BaseModel {
  static override tableName = 'identity_inquiries'
}
