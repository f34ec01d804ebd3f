import { redirect } from '@remix-run/node'

/**
 * Any unknown path redirects to /dashboard (which sends a visitor without a session on
 * to the login form). More specific routes win over this splat: /api/*, /resources/*,
 * /dashboard/* (its own splat), /healthz and every page.
 */
export function loader() {
  return redirect('/dashboard')
}
