import { BaseModel } from './base.model.ts'

export class IdentityLevel extends BaseModel {
  static override tableName = 'identity_levels'
}

export class IdentityLevelChange extends BaseModel {
  static override tableName = 'identity_level_changes'
}
