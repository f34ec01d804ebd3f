import { BaseModel } from './base.model.ts'

export class IdentityReview extends BaseModel {
  static override tableName = 'identity_reviews'
}

export class IdentityReviewAudit extends BaseModel {
  static override tableName = 'identity_review_audit'
}
