import { redirect } from '@remix-run/node'

// Service pages link here; the login form is a mode of the landing page.
export function loader() {
  return redirect('/?auth=login')
}
