import { fc, test } from '@fast-check/vitest'
import { describe, expect, it } from 'vitest'
import { formData } from '../../../tests/utils.ts'
import { parseReply, stepSchema } from './staff-ticket-forms.server.ts'
import { parseWith } from '~/features/staff/staff-forms.server.ts'

const withFile = (fields: Record<string, string>, file: File) => {
  const form = formData(fields)
  form.append('file', file)
  return form
}

describe('ticket replies', () => {
  it('takes typed text, a prepared message, or both, and whom the agent saw on the ticket', () => {
    expect(parseReply(formData({ content: ' سلام ', prepared_message: '' }))).toEqual({
      ok: true,
      value: { content: 'سلام', preparedMessage: null, seenAssignee: undefined, file: null },
    })
    expect(parseReply(formData({ prepared_message: '3', seen_assignee: 'none' }))).toEqual({
      ok: true,
      value: { content: '', preparedMessage: 3, seenAssignee: null, file: null },
    })
    for (const seen of ['12', '۱۲']) {
      expect(parseReply(formData({ content: 'باشه', seen_assignee: seen }))).toMatchObject({
        ok: true,
        value: { seenAssignee: 12 },
      })
    }
  })

  it('takes a file alone; an empty file input is no file', () => {
    const receipt = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], 'receipt.pdf')
    expect(parseReply(withFile({}, receipt))).toMatchObject({ ok: true, value: { file: receipt } })
    expect(parseReply(withFile({}, new File([], ''))).ok).toBe(false)
  })

  it('refuses an empty reply and a made-up prepared message id', () => {
    expect(parseReply(formData({ content: '  ' }))).toEqual({
      ok: false,
      errors: {
        form: [],
        fields: { content: ['متن پاسخ، یک پیام آماده یا یک فایل لازم است'] },
      },
    })
    expect(parseReply(formData({ prepared_message: '1 OR 1=1' })).ok).toBe(false)
  })

  test.prop([fc.string({ maxLength: 20 })])(
    'a seen assignee that is neither `none` nor an id is refused in Persian',
    (value) => {
      fc.pre(value !== 'none' && value.trim() !== '' && !/^\s*[\d۰-۹٠-٩]{1,15}\s*$/.test(value))
      const parsed = parseWith(stepSchema, formData({ intent: 'take', seen_assignee: value }))
      expect(parsed).toMatchObject({ ok: false })
      if (!parsed.ok) expect(parsed.errors.fields.seen_assignee?.[0]).toMatch(/[\u0600-\u06FF]/)
    },
  )
})
