import type { Knex } from 'knex'
import { Model, type ModelObject, type PartialModelObject } from 'objection'

/**
 * Models use the column names as field names (snake_case, like the API), so there is no name
 * mapping to get wrong in raw SQL or in responses. Queries always receive their knex or
 * transaction explicitly (`User.query(db)`): no global connection, so tests can run several
 * databases side by side. A static that works with or without a transaction takes `db: Knex` (a
 * `Knex.Transaction` is a `Knex`); one that must run inside a transaction, for its locks, takes
 * `trx: Knex.Transaction`.
 */
export class BaseModel extends Model {
  static override useLimitInFirst = true

  /**
   * The rows whose columns equal `where`, by id (oldest first unless `order` is `desc`), as plain
   * rows (`SELECT * … ORDER BY id`, no model instances): a parent's children
   * (`OrderDocument.rowsWhere(db, { payment_id })`).
   */
  static async rowsWhere<C extends typeof BaseModel>(
    this: C,
    db: Knex,
    where: Partial<RowOf<C>>,
    order: 'asc' | 'desc' = 'asc',
  ): Promise<Array<RowOf<C>>> {
    return (await db(this.tableName).where(where).orderBy('id', order)) as Array<RowOf<C>>
  }

  /** The first row whose columns equal `where` (`SELECT * … LIMIT 1`), as a plain row, or undefined. */
  static async firstWhere<C extends typeof BaseModel>(
    this: C,
    db: Knex,
    where: Partial<RowOf<C>>,
  ): Promise<RowOf<C> | undefined> {
    return (await db(this.tableName).where(where).first()) as RowOf<C> | undefined
  }

  /** One row by its id, as a model instance (`SELECT * … WHERE id = ?`), or undefined. */
  static async withId<C extends typeof BaseModel>(
    this: C,
    db: Knex,
    id: number,
  ): Promise<InstanceType<C> | undefined> {
    return (await this.query(db).findById(id)) as InstanceType<C> | undefined
  }

  /** The same, locked (FOR UPDATE) until the transaction ends. */
  static async lockedWithId<C extends typeof BaseModel>(
    this: C,
    trx: Knex.Transaction,
    id: number,
  ): Promise<InstanceType<C> | undefined> {
    return (await this.query(trx).findById(id).forUpdate()) as InstanceType<C> | undefined
  }

  /**
   * The same as a plain row (`SELECT * … FOR UPDATE`): no model instance to build, for the locks
   * every bank callback and every staff decision take. Typed as the model, whose declared fields
   * are the row's columns; nothing calls an instance method on it.
   */
  static async lockedRowWithId<C extends typeof BaseModel>(
    this: C,
    trx: Knex.Transaction,
    id: number,
  ): Promise<InstanceType<C> | undefined> {
    return (await trx(this.tableName).where({ id }).forUpdate().first()) as
      InstanceType<C> | undefined
  }

  /**
   * Changes the given columns of one row by its id, through the model (its JSON columns
   * serialised, its hooks run); answers how many rows changed (0 or 1).
   */
  static async patchById<C extends typeof BaseModel>(
    this: C,
    db: Knex,
    id: number,
    patch: PartialModelObject<InstanceType<C>>,
  ): Promise<number> {
    return this.query(db)
      .findById(id)
      .patch(patch as never)
  }

  /**
   * Records a decision on a row of a staff queue (an identity review, a proposal) while it is
   * still `pending`; answers how many rows moved (0: decided already, by a colleague or an
   * earlier click), so a decision is taken once.
   */
  static async decidePending<C extends typeof BaseModel>(
    this: C,
    trx: Knex.Transaction,
    id: number,
    decision: Partial<RowOf<C>>,
  ): Promise<number> {
    return trx(this.tableName).where({ id, status: 'pending' }).update(decision)
  }

  /** Inserts one row through the model and answers it as stored (`insertAndFetch`). */
  static async insertFetched<C extends typeof BaseModel>(
    this: C,
    db: Knex,
    row: PartialModelObject<InstanceType<C>>,
  ): Promise<InstanceType<C>> {
    return (await this.query(db).insertAndFetch(row as never)) as InstanceType<C>
  }

  /** Changes the given columns of one row by its id and answers the row as stored. */
  static async patchFetchedById<C extends typeof BaseModel>(
    this: C,
    db: Knex,
    id: number,
    patch: PartialModelObject<InstanceType<C>>,
  ): Promise<InstanceType<C>> {
    return (await this.query(db).patchAndFetchById(id, patch as never)) as InstanceType<C>
  }

  /**
   * Inserts one row and answers it whole as a plain row (`INSERT … RETURNING *`: no model
   * instance, no `$beforeInsert` hooks).
   */
  static async insertReturningRow<C extends typeof BaseModel>(
    this: C,
    trx: Knex.Transaction,
    row: Partial<RowOf<C>>,
  ): Promise<RowOf<C> | undefined> {
    const [inserted] = (await trx(this.tableName).insert(row).returning('*')) as Array<RowOf<C>>
    return inserted
  }
}

/** A model's row as plain data: its declared columns. */
export type RowOf<C extends typeof BaseModel> = ModelObject<InstanceType<C>>
