import { BaseModel } from './base.model.ts'

export class IdentityDocument extends BaseModel {
  static override tableName = 'identity_documents'
}
