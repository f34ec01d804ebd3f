import { type Api, created, ok, proposed, reply, replyDoneOrProposed } from '../../http/route.ts'
import { adminRoutes, staffRoutes } from '../../http/staff-routes.ts'
import { IdParams } from '@arzpol/contracts/staff'
import type { StaffUserService } from './staff-users.service.ts'
import { EnrolmentLinkOut } from '@arzpol/contracts/auth/staff'
import {
  BlockBody,
  CloseBody,
  StaffUserOut,
  SupportRoleBody,
  UnblockBody,
  UserDetailOut,
  UserPageOut,
  UserQuery,
} from '@arzpol/contracts/users/staff'

/** Staff user management (ADR 009): accounts, blocking, the support role. */
export function registerStaffUserRoutes(api: Api, users: StaffUserService) {
  const staff = staffRoutes(api)
  const admin = adminRoutes(api)

  staff.get('/api/staff/users/', {
    operationId: 'staff_users_list',
    summary: 'Accounts by phone (exact or its first digits), role and blocked state',
    query: UserQuery,
    responses: ok('A page of accounts', UserPageOut),
    handler: async (_ctx, { query }) => reply(200, await users.list(query)),
  })

  staff.get('/api/staff/users/:id/', {
    operationId: 'staff_users_read',
    summary: 'An account with its latest orders, tickets and audit',
    params: IdParams,
    responses: ok('Account', UserDetailOut),
    errors: [404],
    handler: async (_ctx, { params }) => reply(200, await users.detail(params.id)),
  })

  for (const action of ['block', 'unblock'] as const) {
    staff.post(`/api/staff/users/:id/${action}/`, {
      operationId: `staff_users_${action}`,
      summary:
        action === 'block'
          ? 'Block an account: login, refresh and every access token stop working at once'
          : 'Unblock an account (old sessions stay revoked)',
      description:
        'Support may block customers; admins also support staff. Admin accounts and your own are refused.',
      params: IdParams,
      body: action === 'block' ? BlockBody : UnblockBody,
      responses: ok('Account', UserDetailOut),
      errors: [404, 409],
      handler: async (_ctx, { params, body, user }) =>
        reply(200, await users.setBlocked(user, params.id, action === 'block', body.note ?? null)),
    })
  }

  admin.post('/api/staff/users/:id/close/', {
    operationId: 'staff_users_close',
    summary: 'Close a customer account at their request (admin): blocked for good, audited',
    description:
      'Refused with 409 while the customer has a cash-out not settled (`payouts_pending`), another order not final (`orders_open`) or money to return (`money_to_return`), and when already closed (`already_closed`). Staff accounts 403, your own 409. Identity documents are purged IDENTITY_DOCUMENT_RETENTION_DAYS later.',
    params: IdParams,
    body: CloseBody,
    responses: ok('Account', UserDetailOut),
    errors: [404, 409],
    handler: async (_ctx, { params, body, user }) =>
      reply(200, await users.close(user, params.id, body.reason)),
  })

  admin.post('/api/staff/users/:id/enrolment-link/', {
    operationId: 'staff_users_enrolment_link',
    summary: 'Issue a one-time link with which a staff member enrols their second factor (admin)',
    description:
      "For a support or admin account with no confirmed authenticator (new, or reset with create-staff). The URL opens web's enrolment page and is shown this once; only its hash is kept. It works once, until `expires_at` (STAFF_ENROLMENT_LINK_HOURS), and a newer link revokes it. Audited. 403 `own_account` for your own account, `permission_denied` for a customer; 409 `second_factor_already_enrolled`.",
    params: IdParams,
    responses: created('The link, shown once', EnrolmentLinkOut),
    errors: [404, 409],
    handler: async (_ctx, { params, user }) =>
      reply(201, await users.issueEnrolmentLinkFor(user, params.id)),
  })

  for (const action of ['grant', 'revoke'] as const) {
    admin.post(`/api/staff/roles/${action}-support/`, {
      operationId: `staff_roles_${action}_support`,
      summary:
        action === 'grant'
          ? 'Give an existing account the support role, by phone (admin)'
          : 'Take the support role back, by phone (admin)',
      description:
        'Audited. One admin only proposes it (202 with the proposal, ADR 039): the role changes, and every session of the account ends, when a second admin approves it at `POST /api/staff/proposals/:id/approve/`; 409 `proposal_pending` while one waits. 200 with the account when it already has that role. Admin accounts are created and changed only with the CLI (`npm run create-staff -- --role admin`): 409 `role_locked`.',
      body: SupportRoleBody,
      responses: { ...ok('Account', StaffUserOut), ...proposed() },
      errors: [404, 409],
      handler: async (_ctx, { body, user }) => {
        const changed = await users.setSupport(user, body.phone, action === 'grant', body.note)
        return replyDoneOrProposed(200, changed)
      },
    })
  }
}
