import type { AppDeps } from '../http/context.ts'
import { User, type Role } from '../models/user.model.ts'

let counter = 0

/** A phone nobody else in the run uses: 0935 and seven more digits. */
export function uniquePhone(): string {
  counter += 1
  return `0935${String(process.pid % 1000).padStart(3, '0')}${String(counter).padStart(4, '0')}`
}

/** A user straight in the database, for tests about what comes after registration. */
export async function insertUser(
  deps: AppDeps,
  fields: { phone?: string; password?: string; role?: Role; blocked?: boolean } = {},
): Promise<User> {
  const phone = fields.phone ?? uniquePhone()
  return User.query(deps.db).insertAndFetch({
    phone,
    username: phone,
    email: null,
    password_hash: await deps.passwords.hash(fields.password ?? 'correct horse 1'),
    role: fields.role ?? 'customer',
    blocked_at: fields.blocked ? deps.clock.now() : null,
    password_changed_at: deps.clock.now(),
  })
}
