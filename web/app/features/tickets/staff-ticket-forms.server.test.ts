import { describe, expect, it } from 'vitest'
import { formData } from '../../../tests/utils.ts'
import { parseReply } from './staff-ticket-forms.server.ts'

describe('ticket replies', () => {
  it('takes typed text, a prepared message, or both', () => {
    expect(parseReply(formData({ content: ' سلام ', prepared_message: '' }))).toEqual({
      ok: true,
      value: { content: 'سلام', preparedMessage: null },
    })
    expect(parseReply(formData({ prepared_message: '3' }))).toEqual({
      ok: true,
      value: { content: '', preparedMessage: 3 },
    })
  })

  it('refuses an empty reply and a made-up prepared message id', () => {
    expect(parseReply(formData({ content: '  ' }))).toEqual({
      ok: false,
      errors: { form: [], fields: { content: ['متن پاسخ یا یک پیام آماده لازم است'] } },
    })
    expect(parseReply(formData({ prepared_message: '1 OR 1=1' })).ok).toBe(false)
  })
})
