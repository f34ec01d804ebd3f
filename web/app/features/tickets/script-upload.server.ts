import { requireUser } from '~/features/auth/auth.server.ts'
import type { FormErrors } from '~/utils/form-errors.ts'

/**
 * The server half of an upload a page's script sends with XMLHttpRequest for its progress bar
 * (the ticket thread's send form, the identity page's photos; the browser half is
 * `useUploadWithProgress` in `upload-progress.tsx`). The script reads JSON: `{ok: true}` (201),
 * `{ok: false, errors}` with the refusal's status, or `{ok: false, redirect}` (401) when the
 * session ended, since a redirect would be followed blindly and parsed as the answer.
 */

export type UploadResult = { ok: true } | { ok: false; status: number; errors: FormErrors }

export async function answerUpload(
  request: Request,
  submit: (access: string) => Promise<UploadResult>,
): Promise<Response> {
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
  const result = await submit(auth.tokens.access)
  const headers = new Headers(auth.headers)
  headers.set('Cache-Control', 'no-store')
  return result.ok
    ? Response.json({ ok: true }, { status: 201, headers })
    : Response.json({ ok: false, errors: result.errors }, { status: result.status, headers })
}
