import { parseArgs } from 'node:util'
import { phoneSchema } from '@arzpol/contracts'
import type { Knex } from 'knex'
import { z } from 'zod'
import { envSchema, parseEnvOrExit } from '../config/env.ts'
import { createKnex } from '../db/knex.ts'
import { RefreshToken } from '../models/refresh-token.model.ts'
import { StaffSecondFactor } from '../models/staff-second-factor.model.ts'
import { User } from '../models/user.model.ts'
import { createPasswordHasher, type PasswordHasher } from '../modules/auth/password.ts'
import { runIfScript, runOnDb } from './run-cli.ts'
import { appendStaffAudit } from '../modules/staff-audit/chain.ts'

/**
 * Creates a support or admin account, or gives an existing account that role (and the new
 * password). There is no sign-up for staff: an operator runs this with the database's URL.
 *
 *   DATABASE_URL=… npm run create-staff -w @arzpol/payments-service -- --phone 09121234567 \
 *     --password '…' --role support [--username sara] [--reset-second-factor] [--if-missing]
 *
 * In a checkout, `npm run create-staff -- …` at the root finds the development database itself
 * (packages/devstack/src/with-dev-database.ts).
 *
 * Without --username the account's username is its phone, and customers see its replies
 * labelled 'پشتیبانی'. Staff enrol their second factor (TOTP, ADR 015) at their first sign-in;
 * --reset-second-factor forgets an existing account's authenticator and recovery codes (lost
 * phone and codes), so it enrols again at its next sign-in. Changing an existing account ends
 * every session it has (ADR 029), with or without the reset. --if-missing leaves an existing
 * account exactly as it is (`npm run dev` makes its development admin this way on every start);
 * --json prints the outcome as one JSON line for such callers.
 */

export const StaffInput = z.object({
  phone: phoneSchema(),
  password: z.string().min(8, 'password must be at least 8 characters').max(128),
  role: z.enum(['support', 'admin'], { error: 'role must be support or admin' }),
  username: z
    .string()
    .trim()
    .regex(/^[\p{L}\p{N}_.\u200c-]{2,150}$/u, 'username: 2-150 letters, digits, _ . or -')
    .optional(),
  resetSecondFactor: z.boolean().optional(),
})

export type StaffInput = z.output<typeof StaffInput>

export async function createStaff(
  db: Knex,
  passwords: PasswordHasher,
  input: StaffInput,
): Promise<{ user: User; created: boolean; secondFactorReset: boolean }> {
  const passwordHash = await passwords.hash(input.password)
  return db.transaction(async (trx) => {
    const existing = await User.query(trx).findOne({ phone: input.phone }).forUpdate()
    const now = new Date()
    const result = existing
      ? await updateStaff(trx, existing.id, input, passwordHash, now)
      : {
          user: await User.query(trx).insertAndFetch({
            phone: input.phone,
            username: input.username ?? input.phone,
            email: null,
            password_hash: passwordHash,
            role: input.role,
            password_changed_at: now,
          }),
          created: true,
          secondFactorReset: false,
        }
    await appendStaffAudit(trx, {
      actor: 'cli',
      action: 'staff_account_set',
      subject: { type: 'user', id: result.user.id },
      data: {
        role: input.role,
        created: result.created,
        second_factor_reset: result.secondFactorReset,
      },
      at: now,
    })
    return result
  })
}

/** An existing account made staff again: new role and password, maybe a new second factor. */
async function updateStaff(
  trx: Knex.Transaction,
  id: number,
  input: StaffInput,
  passwordHash: string,
  now: Date,
): Promise<{ user: User; created: false; secondFactorReset: boolean }> {
  const user = await User.query(trx).patchAndFetchById(id, {
    role: input.role,
    password_hash: passwordHash,
    password_changed_at: now,
    ...(input.username && { username: input.username }),
  })
  const secondFactorReset = input.resetSecondFactor
    ? await StaffSecondFactor.reset(trx, user.id)
    : false
  // A new role, a new password, maybe a forgotten authenticator: no session of the account from
  // before may carry on (a customer's was opened without the second factor, a staff member's may
  // be the one that lost the phone). Access tokens stop at their next request.
  await RefreshToken.endSessionsOf(trx, user.id, now)
  return { user, created: false, secondFactorReset }
}

/**
 * Creates the account unless its phone has one already; an existing account keeps its role,
 * password and second factor. Whether the given password still opens it is reported, so a
 * caller that prints a login never prints one that no longer works.
 */
export async function ensureStaff(
  db: Knex,
  passwords: PasswordHasher,
  input: StaffInput,
): Promise<{ user: User; created: boolean; passwordMatches: boolean }> {
  const existing = await User.query(db).findOne({ phone: input.phone })
  if (existing) {
    const passwordMatches = await passwords.verify(existing.password_hash, input.password)
    return { user: existing, created: false, passwordMatches }
  }
  // Two launchers starting at once: the loser's insert fails on the unique phone, and its
  // second look finds the winner's account.
  try {
    const { user } = await createStaff(db, passwords, { ...input, resetSecondFactor: false })
    return { user, created: true, passwordMatches: true }
  } catch (error) {
    const winner = await User.query(db).findOne({ phone: input.phone })
    if (!winner) throw error
    const passwordMatches = await passwords.verify(winner.password_hash, input.password)
    return { user: winner, created: false, passwordMatches }
  }
}

async function applyCommand(
  db: Knex,
  passwords: PasswordHasher,
  input: StaffInput,
  { ifMissing }: { ifMissing: boolean },
): Promise<{
  user: User
  action: 'created' | 'updated' | 'kept'
  passwordMatches: boolean
  secondFactorReset: boolean
}> {
  if (ifMissing) {
    const { user, created, passwordMatches } = await ensureStaff(db, passwords, input)
    return { user, action: created ? 'created' : 'kept', passwordMatches, secondFactorReset: false }
  }
  const { user, created, secondFactorReset } = await createStaff(db, passwords, input)
  return { user, action: created ? 'created' : 'updated', passwordMatches: true, secondFactorReset }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      phone: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string', default: 'support' },
      username: { type: 'string' },
      'reset-second-factor': { type: 'boolean' },
      'if-missing': { type: 'boolean' },
      json: { type: 'boolean' },
    },
    strict: true,
  })
  const {
    'reset-second-factor': resetSecondFactor,
    'if-missing': ifMissing,
    json,
    ...rest
  } = values
  const parsed = StaffInput.safeParse({ ...rest, resetSecondFactor })
  if (!parsed.success) {
    console.error(
      `create-staff: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
    )
    console.error(
      'usage: create-staff --phone 09xxxxxxxxx --password <8+ characters> --role support|admin [--username name] [--reset-second-factor | --if-missing] [--json]',
    )
    process.exitCode = 2
    return
  }
  if (ifMissing && resetSecondFactor) {
    console.error('create-staff: --if-missing leaves an account as it is: no --reset-second-factor')
    process.exitCode = 2
    return
  }
  if (!process.env.DATABASE_URL) {
    console.error(
      'create-staff: DATABASE_URL is not set. In a checkout, run `npm run create-staff -- …` at the root: it uses the development database of `npm run dev`.',
    )
    process.exitCode = 2
    return
  }
  const { DATABASE_URL } = parseEnvOrExit(z.object({ DATABASE_URL: envSchema.shape.DATABASE_URL }))
  const db = createKnex({ url: DATABASE_URL, poolMax: 1 })
  const passwords = createPasswordHasher()
  await runOnDb('create-staff', db, async () => {
    const { user, action, passwordMatches, secondFactorReset } = await applyCommand(
      db,
      passwords,
      parsed.data,
      { ifMissing: ifMissing ?? false },
    )
    if (json) {
      const { id, role, username, phone } = user
      console.log(JSON.stringify({ action, id, role, username, phone, passwordMatches }))
      return
    }
    console.log(
      `create-staff: ${action} ${user.role} #${user.id} (${user.username})${secondFactorReset ? '; second factor reset: enrols again at the next sign-in' : ''}${passwordMatches ? '' : '; its password is not the one given (left unchanged)'}`,
    )
  })
}

// Run as a script (not when a test imports `createStaff`).
await runIfScript(import.meta.url, main)
