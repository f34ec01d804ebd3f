/**
 * Why: ADR 032. Background work (the sweeps, and jobs written by business code) moves to one job
 * engine on our PostgreSQL, pg-boss. Its tables live in their own schema, `pgboss`, and are
 * created here rather than by pg-boss at start (the service starts it with `migrate: false`),
 * so the engine's schema changes ship, get reviewed and roll out like every other schema change
 * (expand first, contract a release later). The construction script is pg-boss's own, for the
 * version pinned in package.json; it runs in its own transaction under pg-boss's advisory lock,
 * hence no knex transaction around it. A later pg-boss with a new schema version gets a
 * migration of its own running `PgBoss.getMigrationPlans`.
 */
import type { Knex } from 'knex'
import PgBoss from 'pg-boss'

export const config = { transaction: false }

export async function up(knex: Knex): Promise<void> {
  await knex.raw(PgBoss.getConstructionPlans('pgboss'))
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP SCHEMA IF EXISTS pgboss CASCADE')
}
