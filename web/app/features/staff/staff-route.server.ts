import { readFormData } from '~/utils/form-data.server.ts'
import {
  readOrThrow,
  requireStaff,
  requireStaffRecord,
  type StaffNeed,
  type StaffRequest,
} from './staff.server.ts'

/**
 * How back office loaders and actions begin: the staff member first (`requireStaff`), then what
 * the page cannot do without, the read of its data or the posted form.
 */

/** A call to payments-service as `readOrThrow` takes it. */
type Read<T> = { ok: true; data: T } | { ok: false; status: number }

/**
 * A loader's one read the page cannot show without, made with the staff member's access token.
 * A failed read is thrown as the error page `readOrThrow` picks; `answer` is what was read.
 */
export async function readForStaff<T>(
  request: Request,
  read: (request: Request, access: string) => Promise<Read<T>>,
  need: StaffNeed = 'staff',
): Promise<StaffRequest & { answer: T }> {
  const staff = await requireStaff(request, need)
  const answer = readOrThrow(await read(request, staff.tokens.access), staff.headers)
  return { ...staff, answer }
}

/** `readForStaff` on a record's page: the record whose id the URL gives (`requireStaffRecord`). */
export async function readStaffRecord<T>(
  request: Request,
  idValue: string | undefined,
  read: (request: Request, access: string, id: number) => Promise<Read<T>>,
): Promise<StaffRequest & { id: number; answer: T }> {
  const staff = await requireStaffRecord(request, idValue)
  const answer = readOrThrow(await read(request, staff.tokens.access, staff.id), staff.headers)
  return { ...staff, answer }
}

/**
 * The start of an action: the staff member and the posted form. Its answer is never cached, as a
 * refused form comes back with what was typed.
 */
export async function readStaffForm(
  request: Request,
  need: StaffNeed = 'staff',
): Promise<StaffRequest & { form: FormData }> {
  const staff = await requireStaff(request, need)
  staff.headers.set('Cache-Control', 'private, no-store')
  return { ...staff, form: await readFormData(request) }
}
