import { BaseModel } from './base.model.ts'

export class CustomerIdentity extends BaseModel {
  static override tableName = 'customer_identities'
}
