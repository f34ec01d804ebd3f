import { STAFF_ROLES, type Role } from '../models/user.model.ts'
import { routeGroup, type Api } from './route.ts'

const ADMINS: readonly Role[] = ['admin']

/**
 * The staff API's routes of one file, tagged `staff`, for support and admins alike:
 * `const staff = staffRoutes(api)`, then `staff.get('/api/staff/…', { … })`.
 */
export const staffRoutes = (api: Api) => routeGroup(api, { tags: ['staff'], auth: STAFF_ROLES })

/** The staff API's routes only an admin may call, tagged `staff` like the others. */
export const adminRoutes = (api: Api) => routeGroup(api, { tags: ['staff'], auth: ADMINS })
