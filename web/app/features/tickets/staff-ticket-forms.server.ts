import { seenAssignee } from '@arzpol/contracts/tickets/staff'
import { z } from 'zod'
import {
  FORM_MESSAGES,
  text,
  limited,
  type ParsedForm,
} from '~/features/staff/staff-forms.server.ts'
import { errorsFromZod, formDataToObject } from '~/utils/form-errors.ts'
import { attachedFile } from './tickets.server.ts'

/** The back office's ticket forms as the server checks them (see staff-forms.server.ts). */

// ---- tickets ------------------------------------------------------------------------------

export const replySchema = z
  .object({
    content: limited(5000),
    prepared_message: text.pipe(z.string().regex(/^\d*$/, FORM_MESSAGES.preparedInvalid)),
    // Whom the agent saw working the ticket when the page was drawn (payments-service checks).
    seen_assignee: seenAssignee,
    attached: z.boolean(),
  })
  .transform((value) => ({
    content: value.content,
    preparedMessage: value.prepared_message ? Number(value.prepared_message) : null,
    seenAssignee: value.seen_assignee,
    attached: value.attached,
  }))
  .superRefine((value, ctx) => {
    if (!value.content && value.preparedMessage === null && !value.attached) {
      ctx.addIssue({ code: 'custom', path: ['content'], message: FORM_MESSAGES.replyRequired })
    }
  })

export type StaffReply = Omit<z.output<typeof replySchema>, 'attached'> & { file: File | null }

/** A reply: typed text, a prepared message and/or one file, and whom the agent saw on it. */
export function parseReply(formData: FormData): ParsedForm<StaffReply> {
  const file = attachedFile(formData)
  const result = replySchema.safeParse({
    ...formDataToObject(formData),
    attached: file !== null,
  })
  if (!result.success) return { ok: false, errors: errorsFromZod(result.error) }
  const { attached: _attached, ...reply } = result.data
  return { ok: true, value: { ...reply, file } }
}

/** Take, let go and mark solved: which one, and whom the agent saw on the ticket. */
export const stepSchema = z.object({
  intent: z.enum(['take', 'release', 'resolve'], { error: FORM_MESSAGES.unknownAction }),
  seen_assignee: seenAssignee,
})
