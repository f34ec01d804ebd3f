import { describe, expect, it } from 'vitest'
import {
  INVALID_CHARACTERS_MESSAGE,
  requiredText,
  TEXT_TOO_LONG_MESSAGE,
  trimmedOrNull,
} from './text.ts'

describe('the free-text fields', () => {
  const note = trimmedOrNull(5)

  it('an optional text is trimmed before its limit is checked, and blank is null', () => {
    expect(note.parse('  سلام!  ')).toBe('سلام!')
    expect(note.parse(' \n\t ')).toBeNull()
    expect(note.parse(undefined)).toBeNull()
    expect(note.parse(null)).toBeNull()
    const long = note.safeParse(' ۱۲۳۴۵۶ ')
    expect(long.success).toBe(false)
    expect(long.error?.issues.map((issue) => issue.message)).toEqual([TEXT_TOO_LONG_MESSAGE])
  })

  it('optional and required texts both refuse a control character but keep line breaks', () => {
    const reason = requiredText('لازم است', 20)
    expect(note.parse('a\nb')).toBe('a\nb')
    expect(reason.parse(' a\r\nb ')).toBe('a\r\nb')
    for (const schema of [note, reason]) {
      const refused = schema.safeParse('a\u001bb')
      expect(refused.error?.issues.map((issue) => issue.message)).toEqual([
        INVALID_CHARACTERS_MESSAGE,
      ])
    }
    expect(reason.safeParse('   ').error?.issues.map((issue) => issue.message)).toEqual([
      'لازم است',
    ])
  })
})
