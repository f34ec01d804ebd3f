import type { StaffUserRow as UserRow } from '../../../models/user.model.ts'

export const userBody = (row: UserRow) => ({
  id: row.id,
  phone: row.phone,
  username: row.username,
  email: row.email,
  role: row.role,
  blocked: row.blocked_at !== null,
  blocked_at: row.blocked_at,
  closed_at: row.closed_at,
  created_at: row.created_at,
  last_login_at: row.last_login_at,
})
