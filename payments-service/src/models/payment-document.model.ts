import { BaseModel } from './base.model.ts'

export class PaymentDocument extends BaseModel {
  static override tableName = 'payment_documents'
}
