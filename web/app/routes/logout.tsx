import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { logout } from '~/features/auth/auth.server.ts'

// Logging out changes state, so it is a POST (a link or an image could not sign anyone out).

export function loader() {
  return redirect('/')
}

export async function action({ request }: ActionFunctionArgs) {
  return logout(request)
}
