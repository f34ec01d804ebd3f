import { redirect } from '@remix-run/node'
import {
  ENROLMENT_LINK_PARAM,
  ENROLMENT_LINK_PATH,
  ENROLMENT_LINK_TOKEN_PATTERN,
} from '@arzpol/contracts/auth/staff'
import { SECOND_FACTOR_PATH } from './second-factor.ts'
import { enrolmentLinkCookie, getSessionTokens, secondFactorCookie } from './session.server.ts'

/**
 * The page an enrolment link opens (ADR 035). On the first load the token leaves the URL for a
 * sealed cookie and the browser is sent to the same page without it, so the token stays out of
 * the address bar, the history, access logs and Referer headers; the page then says to sign in.
 * Nothing here uses the link up: a link preview that fetches the page only gets a cookie.
 */
export function loadEnrolmentLinkPage(request: Request) {
  const given = new URL(request.url).searchParams.get(ENROLMENT_LINK_PARAM)
  if (given !== null) {
    const headers = new Headers({ 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-store' })
    // A mangled link (cut short by a mail client) is not kept: the page then asks for it again.
    const token = given.trim()
    if (ENROLMENT_LINK_TOKEN_PATTERN.test(token)) {
      headers.append('Set-Cookie', enrolmentLinkCookie.serialize({ link: token }))
    } else {
      headers.append('Set-Cookie', enrolmentLinkCookie.clear())
    }
    throw redirect(ENROLMENT_LINK_PATH, { headers })
  }
  const held = enrolmentLinkCookie.read(request) !== null
  // Already past the password, waiting for the link: straight on to the key.
  if (held && secondFactorCookie.read(request)?.enrol) throw redirect(SECOND_FACTOR_PATH)
  return { held, signedIn: getSessionTokens(request) !== null }
}
