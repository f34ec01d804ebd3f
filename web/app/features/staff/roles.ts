/** Roles as the browser needs them (the server-side guard is staff.server.ts). */
export type StaffRole = 'support' | 'admin'
export type UserRole = 'customer' | StaffRole

export const ROLE_LABELS: Record<UserRole, string> = {
  customer: 'مشتری',
  support: 'پشتیبان',
  admin: 'مدیر',
}

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = ROLE_LABELS
