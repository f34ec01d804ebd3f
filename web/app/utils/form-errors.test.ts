import type { ApiErrorBody } from '@arzpol/contracts'
import { describe, expect, it } from 'vitest'
import { allMessages, errorsFromApi, formDataToObject } from './form-errors.ts'

describe('errorsFromApi', () => {
  it('shows detail as a form error, ignoring the machine-readable code beside it', () => {
    expect(
      errorsFromApi({ detail: 'شماره تلفن یا رمز عبور اشتباه است' }, 'ورود ناموفق بود'),
    ).toEqual({
      form: ['شماره تلفن یا رمز عبور اشتباه است'],
      fields: {},
    })
    expect(errorsFromApi({ detail: 'صبر کنید', code: 'otp_resend_too_early' }, 'fallback')).toEqual(
      { form: ['صبر کنید'], fields: {} },
    )
  })

  it('puts field errors on their inputs, the OTP `code` field included', () => {
    expect(
      errorsFromApi({ code: ['کد تایید نامعتبر یا منقضی شده است'] }, 'ثبت نام ناموفق بود', {
        code: 'code',
      }),
    ).toEqual({ form: [], fields: { code: ['کد تایید نامعتبر یا منقضی شده است'] } })
    expect(
      errorsFromApi({ new_password: ['رمز عبور باید حداقل ۸ کاراکتر باشد'] }, 'x', {
        new_password: 'password',
      }),
    ).toEqual({ form: [], fields: { password: ['رمز عبور باید حداقل ۸ کاراکتر باشد'] } })
  })

  it('shows unknown fields and non_field_errors on the form', () => {
    expect(errorsFromApi({ non_field_errors: ['الف'], email: ['ب'] } as never, 'x')).toEqual({
      form: ['الف', 'ب'],
      fields: {},
    })
  })

  it('falls back to the spec message when the server says nothing usable', () => {
    const bodies: (ApiErrorBody | null | undefined)[] = [null, undefined, {}, { detail: '' }]
    for (const body of [...bodies, { retry_after: 3 } as never]) {
      expect(errorsFromApi(body, 'ثبت نام ناموفق بود')).toEqual({
        form: ['ثبت نام ناموفق بود'],
        fields: {},
      })
    }
  })
})

describe('formDataToObject', () => {
  it('keeps the first string value of each field', () => {
    const fd = new FormData()
    fd.append('a', '1')
    fd.append('a', '2')
    fd.append('file', new Blob(['x']))
    expect(formDataToObject(fd)).toEqual({ a: '1' })
  })
})

describe('allMessages', () => {
  it('lists the form messages, then each field message, for a page without the form', () => {
    expect(
      allMessages({ form: ['فرم'], fields: { note: ['یادداشت', 'کوتاه'], amount: ['مبلغ'] } }),
    ).toEqual(['فرم', 'یادداشت', 'کوتاه', 'مبلغ'])
  })
})
