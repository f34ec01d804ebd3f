import { parseArgs } from 'node:util'
import { phoneSchema } from '@arzpol/contracts'
import type { Knex } from 'knex'
import { z } from 'zod'
import { envSchema, parseEnvOrExit } from '../config/env.ts'
import { createKnex } from '../db/knex.ts'
import { RefreshToken } from '../models/refresh-token.model.ts'
import { StaffSecondFactor } from '../models/staff-second-factor.model.ts'
import { isStaffRole, User } from '../models/user.model.ts'
import { createPasswordHasher, type PasswordHasher } from '../modules/auth/password.ts'
import {
  enrolmentLinkSettings,
  issueEnrolmentLink,
  type EnrolmentLinkSettings,
  type IssuedEnrolmentLink,
} from '../modules/auth/enrolment-links.ts'
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
 * labelled 'پشتیبانی'. Staff enrol their second factor (TOTP, ADR 015) at their first sign-in,
 * which takes the password AND a one-time enrolment link (ADR 035): whenever the command leaves
 * a staff account without a confirmed authenticator it prints a new link for it (revoking older
 * ones), to hand over apart from the password. The operator with database access is the audited
 * way in when no admin can issue one. --reset-second-factor forgets an existing account's
 * authenticator and recovery codes (lost phone and codes), so it enrols again. Changing an
 * existing account ends every session it has (ADR 029), with or without the reset. --if-missing
 * leaves an existing account as it is (`npm run dev` makes its development admin this way on
 * every start), only issuing a new link while it has not enrolled; --json prints the outcome as
 * one JSON line for such callers, the link as `enrolmentLink`. The link opens WEB_PUBLIC_URL.
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

const LinkEnv = z.object({
  WEB_PUBLIC_URL: envSchema.shape.WEB_PUBLIC_URL,
  STAFF_ENROLMENT_LINK_HOURS: envSchema.shape.STAFF_ENROLMENT_LINK_HOURS,
})

/** Where links lead and how long they work when the environment does not say (development). */
export const DEFAULT_LINK_SETTINGS: EnrolmentLinkSettings = enrolmentLinkSettings(LinkEnv.parse({}))

/**
 * A new enrolment link, in the caller's transaction, when the staff account has no confirmed
 * authenticator (and none otherwise). Audited as the command line's.
 */
async function linkUnlessEnrolled(
  trx: Knex.Transaction,
  user: User,
  now: Date,
  settings: EnrolmentLinkSettings,
): Promise<IssuedEnrolmentLink | null> {
  if (!isStaffRole(user.role)) return null
  const factor = await StaffSecondFactor.lockOfUser(trx, user.id)
  if (factor?.confirmed_at) return null
  return issueEnrolmentLink(trx, { userId: user.id, actor: 'cli', now, settings })
}

/** What became of the account, as both ways of setting one up report it. */
interface StaffAccountOutcome {
  user: User
  created: boolean
  /** A new link while the account has no confirmed authenticator, else null. */
  enrolmentLink: IssuedEnrolmentLink | null
}

export async function createStaff(
  db: Knex,
  passwords: PasswordHasher,
  input: StaffInput,
  links: EnrolmentLinkSettings = DEFAULT_LINK_SETTINGS,
): Promise<StaffAccountOutcome & { secondFactorReset: boolean }> {
  const passwordHash = await passwords.hash(input.password)
  return db.transaction(async (trx) => {
    const existing = await User.lockByPhone(trx, input.phone)
    const now = new Date()
    const result = existing
      ? await updateStaff(trx, existing.id, input, passwordHash, now)
      : {
          user: await User.insertFetched(trx, {
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
    const enrolmentLink = await linkUnlessEnrolled(trx, result.user, now, links)
    return { ...result, enrolmentLink }
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
  const user = await User.patchFetchedById(trx, id, {
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
 * password and second factor (so there is no reset to ask for). Whether the given password
 * still opens it is reported, so a caller that prints a login never prints one that no longer
 * works. A staff account that has not enrolled yet gets a new enrolment link (the older one
 * stops working), so a caller can always print a way to finish it.
 */
export async function ensureStaff(
  db: Knex,
  passwords: PasswordHasher,
  input: Omit<StaffInput, 'resetSecondFactor'>,
  links: EnrolmentLinkSettings = DEFAULT_LINK_SETTINGS,
): Promise<StaffAccountOutcome & { passwordMatches: boolean }> {
  const kept = async (user: User) => ({
    user,
    created: false,
    passwordMatches: await passwords.verify(user.password_hash, input.password),
    enrolmentLink: await db.transaction((trx) => linkUnlessEnrolled(trx, user, new Date(), links)),
  })
  const existing = await User.byPhone(db, input.phone)
  if (existing) return kept(existing)
  // Two launchers starting at once: the loser's insert fails on the unique phone, and its
  // second look finds the winner's account.
  try {
    const made = await createStaff(db, passwords, { ...input, resetSecondFactor: false }, links)
    return {
      user: made.user,
      created: true,
      passwordMatches: true,
      enrolmentLink: made.enrolmentLink,
    }
  } catch (error) {
    const winner = await User.byPhone(db, input.phone)
    if (!winner) throw error
    return kept(winner)
  }
}

async function applyCommand(
  db: Knex,
  passwords: PasswordHasher,
  input: StaffInput,
  { ifMissing, links }: { ifMissing: boolean; links: EnrolmentLinkSettings },
): Promise<{
  user: User
  action: 'created' | 'updated' | 'kept'
  passwordMatches: boolean
  secondFactorReset: boolean
  enrolmentLink: IssuedEnrolmentLink | null
}> {
  if (ifMissing) {
    const { created, ...rest } = await ensureStaff(db, passwords, input, links)
    return { ...rest, action: created ? 'created' : 'kept', secondFactorReset: false }
  }
  const { created, ...rest } = await createStaff(db, passwords, input, links)
  return { ...rest, action: created ? 'created' : 'updated', passwordMatches: true }
}

type CommandOutcome = Awaited<ReturnType<typeof applyCommand>>

/** The command line, checked; null (the reason printed, exit code 2) when it cannot run. */
function readCommand(): { input: StaffInput; ifMissing?: boolean; json?: boolean } | null {
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
    return null
  }
  if (ifMissing && resetSecondFactor) {
    console.error('create-staff: --if-missing leaves an account as it is: no --reset-second-factor')
    process.exitCode = 2
    return null
  }
  return { input: parsed.data, ifMissing, json }
}

/** What the command did, as one JSON line or as lines for the operator. */
function printOutcome(
  { user, action, passwordMatches, secondFactorReset, enrolmentLink }: CommandOutcome,
  json: boolean | undefined,
): void {
  if (json) {
    const { id, role, username, phone } = user
    console.log(
      JSON.stringify({
        action,
        id,
        role,
        username,
        phone,
        passwordMatches,
        enrolmentLink: enrolmentLink?.url ?? null,
      }),
    )
    return
  }
  console.log(
    `create-staff: ${action} ${user.role} #${user.id} (${user.username})${secondFactorReset ? '; second factor reset: enrols again at the next sign-in' : ''}${passwordMatches ? '' : '; its password is not the one given (left unchanged)'}`,
  )
  if (enrolmentLink) {
    // Handed over apart from the password: either alone cannot enrol the second factor.
    console.log(
      `create-staff: enrolment link (works once, until ${enrolmentLink.expiresAt.toISOString()}): ${enrolmentLink.url}`,
    )
  }
}

async function main(): Promise<void> {
  const command = readCommand()
  if (!command) return
  if (!process.env.DATABASE_URL) {
    console.error(
      'create-staff: DATABASE_URL is not set. In a checkout, run `npm run create-staff -- …` at the root: it uses the development database of `npm run dev`.',
    )
    process.exitCode = 2
    return
  }
  const { DATABASE_URL, ...linkEnv } = parseEnvOrExit(
    LinkEnv.extend({ DATABASE_URL: envSchema.shape.DATABASE_URL }),
  )
  const db = createKnex({ url: DATABASE_URL, poolMax: 1 })
  const passwords = createPasswordHasher()
  await runOnDb('create-staff', db, async () => {
    const outcome = await applyCommand(db, passwords, command.input, {
      ifMissing: command.ifMissing ?? false,
      links: enrolmentLinkSettings(linkEnv),
    })
    printOutcome(outcome, command.json)
  })
}

// Run as a script (not when a test imports `createStaff`).
await runIfScript(import.meta.url, main)
