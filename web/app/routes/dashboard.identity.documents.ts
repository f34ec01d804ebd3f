import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { readLevel2Form, submitLevel2Document } from '~/features/identity/level2.server.ts'
import { answerUpload } from '~/features/tickets/script-upload.server.ts'

/**
 * POST /dashboard/identity/documents: a level-2 photo when JavaScript uploads it with
 * XMLHttpRequest (for the progress bar). Same checks as the page's action, answered as JSON
 * (`answerUpload`): `{ok: true}`, `{ok: false, errors}`, or `{ok: false, redirect}` when the
 * session ended.
 */

export function loader() {
  return redirect('/dashboard/identity')
}

export async function action({ request }: ActionFunctionArgs) {
  return answerUpload(request, async (access) =>
    submitLevel2Document(request, access, await readLevel2Form(request)),
  )
}
