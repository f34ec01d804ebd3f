import {
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler as createMemoryUploadHandler,
  unstable_parseMultipartFormData as parseMultipartFormData,
} from '@remix-run/node'

/**
 * A form post the server cannot read (a malformed multipart body, a broken boundary, a content
 * type no form sends) is the client's mistake: a Persian 400, never a 500 from deep inside the
 * parser (found by the naughty-strings fuzz of every form, tests/e2e/fuzz-forms.spec.ts).
 */

export const UNREADABLE_FORM =
  'فرم ارسالی قابل خواندن نیست. صفحه را دوباره باز کنید و دوباره بفرستید.'

export function unreadableForm(): Response {
  return new Response(UNREADABLE_FORM, {
    status: 400,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  })
}

/** `request.formData()`, or a thrown 400 when the body is not a readable form. */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData()
  } catch {
    throw unreadableForm()
  }
}

/**
 * A form post that may carry a file: multipart (the file's size limit enforced while reading) or
 * urlencoded (a form without a file). `tooLarge` when the file passed `maxFileBytes`.
 */
export async function readFormWithFile(
  request: Request,
  maxFileBytes: number,
): Promise<{ form: FormData; tooLarge: boolean }> {
  const type = request.headers.get('Content-Type') ?? ''
  if (!type.startsWith('multipart/form-data')) {
    return { form: await readFormData(request), tooLarge: false }
  }
  try {
    const form = await parseMultipartFormData(
      request,
      createMemoryUploadHandler({ maxPartSize: maxFileBytes }),
    )
    return { form, tooLarge: false }
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return { form: new FormData(), tooLarge: true }
    // A broken multipart body (a file name with a line break, a cut boundary): the client's.
    throw unreadableForm()
  }
}
