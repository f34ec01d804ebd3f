import { EnrolmentLinkOut } from '@arzpol/contracts/auth/staff'
import { StaffUserOut, UserDetailOut, UserPageOut } from '@arzpol/contracts/users/staff'
import { wire } from '@arzpol/contracts/wire'
import { queryString } from '~/features/api/list-shapes.server.ts'
import { proposalAccepted } from '~/features/approvals/approvals.server.ts'
import { call } from '~/features/api/payments-client.server.ts'

/**
 * payments-service's staff calls for users, through the one client with the staff
 * member's access token. Every answer is checked with the contract's schema and comes back as a value (see
 * `call`); payments-service checks the role again on each call.
 */

// Answers are parsed with payments-service's own response schemas, in their JSON form (wire).
const userPage = wire(UserPageOut)
const userDetail = wire(UserDetailOut)
const staffUser = wire(StaffUserOut)
const enrolmentLink = wire(EnrolmentLinkOut)

export const findUsers = (request: Request, token: string, phone: string) =>
  call(request, `/api/staff/users/${queryString({ phone, limit: 20 })}`, {
    method: 'GET',
    token,
    schema: userPage,
  })

export const getUser = (request: Request, token: string, id: number) =>
  call(request, `/api/staff/users/${id}/`, { method: 'GET', token, schema: userDetail })

export const setBlocked = (
  request: Request,
  token: string,
  id: number,
  blocked: boolean,
  note: string | null,
) =>
  call(request, `/api/staff/users/${id}/${blocked ? 'block' : 'unblock'}/`, {
    method: 'POST',
    token,
    body: { note },
    schema: userDetail,
  })

export const setSupportRole = (
  request: Request,
  token: string,
  grant: boolean,
  body: { phone: string; note: string | null },
) =>
  call(request, `/api/staff/roles/${grant ? 'grant' : 'revoke'}-support/`, {
    method: 'POST',
    token,
    body,
    // One admin's change is a proposal a second admin approves: answered 202 (ADR 039).
    schema: staffUser.or(proposalAccepted),
  })

/** A one-time link with which a staff member enrols their second factor (admins, ADR 035). */
export const issueEnrolmentLink = (request: Request, token: string, id: number) =>
  call(request, `/api/staff/users/${id}/enrolment-link/`, {
    method: 'POST',
    token,
    body: {},
    schema: enrolmentLink,
  })
