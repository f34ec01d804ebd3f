import { Model } from 'objection'

/**
 * Models use the column names as field names (snake_case, like the API), so there is no name
 * mapping to get wrong in raw SQL or in responses. Queries always receive their knex or
 * transaction explicitly (`User.query(db)`): no global connection, so tests can run several
 * databases side by side.
 */
export class BaseModel extends Model {
  static override useLimitInFirst = true
}
