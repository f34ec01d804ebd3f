import { BaseModel } from './base.model.ts'

export class PaymentTypeSetting extends BaseModel {
  static override tableName = 'payment_type_settings'
}

export class PaymentTypeChange extends BaseModel {
  static override tableName = 'payment_type_changes'
}
