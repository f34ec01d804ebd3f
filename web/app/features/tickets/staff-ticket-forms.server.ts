import { z } from 'zod'
import { FORM_MESSAGES, text, limited, parseWith } from '~/features/staff/staff-forms.server.ts'

/** The back office's ticket forms as the server checks them (see staff-forms.server.ts). */

// ---- tickets ------------------------------------------------------------------------------

export const replySchema = z
  .object({
    content: limited(5000),
    prepared_message: text.pipe(z.string().regex(/^\d*$/, FORM_MESSAGES.preparedInvalid)),
  })
  .transform((value) => ({
    content: value.content,
    preparedMessage: value.prepared_message ? Number(value.prepared_message) : null,
  }))
  .superRefine((value, ctx) => {
    if (!value.content && value.preparedMessage === null) {
      ctx.addIssue({ code: 'custom', path: ['content'], message: FORM_MESSAGES.replyRequired })
    }
  })

export const parseReply = (formData: FormData) => parseWith(replySchema, formData)
