import { STAFF_ROLES, type Role, type User } from '../../../models/user.model.ts'

export const SECOND_FACTOR_ROLES: readonly Role[] = STAFF_ROLES

export const needsSecondFactor = (user: Pick<User, 'role'>) =>
  SECOND_FACTOR_ROLES.includes(user.role)
