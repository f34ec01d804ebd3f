import type { LoaderFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { LOGIN_PATH } from '~/features/auth/auth.server.ts'
import { destroySession, getSessionTokens } from '~/features/auth/session.server.ts'

// Unknown paths under /dashboard go to the dashboard home, which checks the session
// with payments-service. Without any session the visitor goes straight to the login form.
export function loader({ request }: LoaderFunctionArgs) {
  if (!getSessionTokens(request)) {
    throw redirect(LOGIN_PATH, { headers: { 'Set-Cookie': destroySession() } })
  }
  return redirect('/dashboard')
}
