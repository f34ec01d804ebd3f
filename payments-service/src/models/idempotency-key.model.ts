import { BaseModel } from './base.model.ts'

export class IdempotencyKey extends BaseModel {
  static override tableName = 'idempotency_keys'
}
