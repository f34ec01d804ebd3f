import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { recoveryCodesFile } from '~/features/auth/recovery-codes-file.server.ts'
import { RECOVERY_CODES_PATH } from '~/features/auth/second-factor.ts'

/** POST /auth/recovery-codes.txt: the recovery codes the page posted, back as a text file. */

// Nothing to fetch by GET: the codes are only ever on the page that shows them once.
export function loader() {
  return redirect(RECOVERY_CODES_PATH)
}

export async function action({ request }: ActionFunctionArgs) {
  return recoveryCodesFile(request)
}
