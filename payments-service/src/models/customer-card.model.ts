import { BaseModel } from './base.model.ts'

export class CustomerCard extends BaseModel {
  static override tableName = 'customer_cards'
}
