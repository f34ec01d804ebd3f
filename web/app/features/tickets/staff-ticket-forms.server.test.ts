import { describe, expect, it } from 'vitest'
import { parseReply } from './staff-ticket-forms.server.ts'

function form(fields: Record<string, string>): FormData {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.set(name, value)
  return data
}

describe('ticket replies', () => {
  it('takes typed text, a prepared message, or both', () => {
    expect(parseReply(form({ content: ' سلام ', prepared_message: '' }))).toEqual({
      ok: true,
      value: { content: 'سلام', preparedMessage: null },
    })
    expect(parseReply(form({ prepared_message: '3' }))).toEqual({
      ok: true,
      value: { content: '', preparedMessage: 3 },
    })
  })

  it('refuses an empty reply and a made-up prepared message id', () => {
    expect(parseReply(form({ content: '  ' }))).toEqual({
      ok: false,
      errors: { form: [], fields: { content: ['متن پاسخ یا یک پیام آماده لازم است'] } },
    })
    expect(parseReply(form({ prepared_message: '1 OR 1=1' })).ok).toBe(false)
  })
})
