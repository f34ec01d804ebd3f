import { describe, expect, it } from 'vitest'
import { Level1Body, MESSAGES } from './customer.ts'

const form = (birth_date: string) => ({
  first_name: 'سارا',
  last_name: 'احمدی',
  national_code: '0499370899',
  birth_date,
})

const birthDateErrors = (birth_date: string) => {
  const result = Level1Body.safeParse(form(birth_date))
  return result.success
    ? []
    : result.error.issues.filter((i) => i.path[0] === 'birth_date').map((i) => i.message)
}

describe('the level-1 birth date', () => {
  it('takes a Jalali date in either digits', () => {
    expect(birthDateErrors('1370/06/15')).toEqual([])
    expect(birthDateErrors('۱۳۷۰/۰۶/۱۵')).toEqual([])
  })

  it('answers a Gregorian date with the calendar to use and the date converted', () => {
    expect(birthDateErrors('1990/05/15')).toEqual([MESSAGES.birthDateGregorian('1369/02/25')])
    expect(MESSAGES.birthDateGregorian('1369/02/25')).toContain('۱۳۶۹/۰۲/۲۵')
  })

  it('refuses what is no date at all', () => {
    for (const text of ['1990/02/30', '1370/13/01', 'دیروز'])
      expect([text, birthDateErrors(text)]).toEqual([text, [MESSAGES.birthDateInvalid]])
  })
})
