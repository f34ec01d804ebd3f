import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { requireUser } from '~/features/auth/auth.server.ts'
import { readLevel2Form, submitLevel2Document } from '~/features/identity/level2.server.ts'

/**
 * POST /dashboard/identity/documents: a level-2 photo when JavaScript uploads it with
 * XMLHttpRequest (for the progress bar). Same checks as the page's action, answered as JSON:
 * `{ok: true}`, `{ok: false, errors}`, or `{ok: false, redirect}` when the session ended.
 */

export function loader() {
  return redirect('/dashboard/identity')
}

export async function action({ request }: ActionFunctionArgs) {
  let auth: Awaited<ReturnType<typeof requireUser>>
  try {
    auth = await requireUser(request)
  } catch (thrown) {
    // No usable session: tell the page where to go instead of following the redirect.
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      const headers = new Headers()
      for (const cookie of thrown.headers.getSetCookie()) headers.append('Set-Cookie', cookie)
      return Response.json(
        { ok: false, redirect: thrown.headers.get('Location') ?? '/' },
        { status: 401, headers },
      )
    }
    throw thrown
  }
  const result = await submitLevel2Document(
    request,
    auth.tokens.access,
    await readLevel2Form(request),
  )
  const headers = new Headers(auth.headers)
  headers.set('Cache-Control', 'no-store')
  return result.ok
    ? Response.json({ ok: true }, { status: 201, headers })
    : Response.json({ ok: false, errors: result.errors }, { status: result.status, headers })
}
