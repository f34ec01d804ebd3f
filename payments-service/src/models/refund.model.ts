import { BaseModel } from './base.model.ts'

export class Refund extends BaseModel {
  static override tableName = 'refunds'
}
