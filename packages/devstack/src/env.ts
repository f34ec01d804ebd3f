import { z } from 'zod'

/** Printed in the dev banner only while it is the default, never a password someone chose. */
export const DEFAULT_CMS_ADMIN_PASSWORD = 'ArzPol-dev-1404'

const port = (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback)

/** Settings of the launcher itself; each service validates its own variables again at start. */
export const devstackEnvSchema = z.object({
  WEB_PORT: port(3000),
  PAYMENTS_PORT: port(4000),
  CMS_PORT: port(1337),
  EMBEDDED_PG_PORT: port(54329),
  SANDBOX_BANK_PORT: port(4100),
  /** When set, payments-service uses this PostgreSQL and no embedded one is started. */
  DATABASE_URL: z.url().optional(),
  ARZPOL_DATA_DIR: z.string().min(1).default('.data'),
  /**
   * As root, where PostgreSQL runs when the user postgres cannot reach the checkout (ADR 012);
   * read by runtimeDirFor (embedded-postgres.ts), listed here so a bad value stops the launcher.
   */
  ARZPOL_RUNTIME_DIR: z.string().min(1).optional(),
  CMS_ADMIN_EMAIL: z.email().default('admin@arzpol.local'),
  CMS_ADMIN_PASSWORD: z
    .string()
    .min(8)
    .regex(/[a-z]/)
    .regex(/[A-Z]/)
    .regex(/\d/)
    .default(DEFAULT_CMS_ADMIN_PASSWORD),
  /** The development staff admin's phone (its password is generated: dev-secrets.json). */
  STAFF_ADMIN_PHONE: z
    .string()
    .regex(/^09\d{9}$/, 'an Iranian mobile number, 09 and nine more digits')
    .default('09120000000'),
  /** The second development admin's phone, who approves the first one's proposals. */
  STAFF_APPROVER_PHONE: z
    .string()
    .regex(/^09\d{9}$/, 'an Iranian mobile number, 09 and nine more digits')
    .default('09120000001'),
})

export type DevstackEnv = z.infer<typeof devstackEnvSchema>

/** Parses the environment or stops with a message that names every bad variable. */
export function parseEnvOrExit<T extends z.ZodType>(
  schema: T,
  source: NodeJS.ProcessEnv,
  service: string,
): z.infer<T> {
  const result = schema.safeParse(source)
  if (result.success) return result.data
  const lines = result.error.issues.map(
    (issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`,
  )
  console.error(`${service}: invalid environment variables:\n${lines.join('\n')}`)
  process.exit(1)
}
