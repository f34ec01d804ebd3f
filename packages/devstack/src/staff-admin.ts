import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { z } from 'zod'
import { binPath, workspaceDir } from './workspace.ts'

/**
 * The development staff admin: `npm run dev` makes one so that a newcomer can open `/staff`
 * at once, as the cms makes its super-admin. It is made the way operators make staff
 * (payments-service's create-staff command), only with --if-missing: a warm start never
 * creates it twice nor resets its password or second factor. Until it enrols an authenticator,
 * each start gets a one-time enrolment link for it from the command (ADR 035).
 */
export interface DevStaffAdmin {
  phone: string
  username: string
  /** The account's role: someone may have registered this phone as a customer before. */
  role: string
  created: boolean
  /** The development secret, or undefined when the account's password was changed since. */
  password: string | undefined
  /**
   * While the admin has no authenticator: a one-time link to enrol one (ADR 035), new on every
   * start (the one before stops working). Undefined once enrolled.
   */
  enrolmentLink: string | undefined
}

const Outcome = z.object({
  action: z.enum(['created', 'kept', 'updated']),
  role: z.string(),
  username: z.string(),
  phone: z.string(),
  passwordMatches: z.boolean(),
  enrolmentLink: z.string().nullable(),
})

export const DEV_STAFF_ADMIN_USERNAME = 'dev-admin'
/**
 * The second development admin: large cash-outs and manual refunds need a second staff member's
 * approval (payments-service's ADR 039), so one developer can try both sides.
 */
export const DEV_STAFF_APPROVER_USERNAME = 'dev-approver'

export async function ensureDevStaffAdmin(options: {
  databaseUrl: string
  phone: string
  password: string
  username?: string
  /**
   * payments-service's environment: the command reads DATABASE_URL and, for the link,
   * WEB_PUBLIC_URL and STAFF_ENROLMENT_LINK_HOURS.
   */
  env: NodeJS.ProcessEnv
  signal?: AbortSignal
}): Promise<DevStaffAdmin> {
  const cwd = workspaceDir('payments-service')
  const { stdout } = await promisify(execFile)(
    binPath(cwd, 'tsx'),
    [
      'src/cli/create-staff.ts',
      '--phone',
      options.phone,
      // One argument, so a password starting with "-" cannot read as an option.
      `--password=${options.password}`,
      '--role',
      'admin',
      '--username',
      options.username ?? DEV_STAFF_ADMIN_USERNAME,
      '--if-missing',
      '--json',
    ],
    {
      cwd,
      env: { ...options.env, DATABASE_URL: options.databaseUrl },
      signal: options.signal,
      timeout: 120_000,
    },
  )
  const outcome = Outcome.parse(JSON.parse(stdout.trim().split('\n').at(-1) ?? ''))
  return {
    phone: outcome.phone,
    username: outcome.username,
    role: outcome.role,
    created: outcome.action === 'created',
    password: outcome.passwordMatches ? options.password : undefined,
    enrolmentLink: outcome.enrolmentLink ?? undefined,
  }
}

/** The banner's lines for the staff back office: the login, and the enrolment link while due. */
export function describeStaffAdmin(
  staffUrl: string,
  admin: DevStaffAdmin | undefined,
  { label = '  staff           ', phoneVariable = 'STAFF_ADMIN_PHONE' } = {},
): string[] {
  if (!admin) return [`${label}${staffUrl}  (no development admin: see the log above)`]
  if (admin.role !== 'admin') {
    return [
      `${label}${staffUrl}  (${admin.phone} is a ${admin.role} account: set ${phoneVariable} to another phone for the development admin)`,
    ]
  }
  const password = admin.password ?? 'its password was changed: npm run create-staff sets another'
  const login = `${label}${staffUrl}  (login ${admin.phone} / ${password}; second factor: a TOTP app)`
  if (!admin.enrolmentLink) return [login]
  return [login, `${' '.repeat(label.length)}enrol the app first, once: ${admin.enrolmentLink}`]
}
