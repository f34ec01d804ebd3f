import { redirect } from '@remix-run/node'

// The terms page's agree button links here; registration is a mode of the landing page.
export function loader() {
  return redirect('/?auth=register')
}
