import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { boundFields, BusyButton, Field, SelectField, TextAreaField } from './forms.tsx'

/** The shared form controls: each labelled, and pointing assistive technology at its errors. */

const html = (element: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(element)

describe('form controls', () => {
  it('label the input and describe it by its hint and, once refused, its errors', () => {
    const quiet = html(
      createElement(Field, { id: 'f', name: 'sheba', label: 'شبا', hint: 'راهنما' }),
    )
    expect(quiet).toContain('<label for="f"')
    expect(quiet).toContain('aria-describedby="f-hint"')
    expect(quiet).not.toContain('aria-invalid="')
    const refused = html(
      createElement(Field, {
        id: 'f',
        name: 'sheba',
        label: 'شبا',
        hint: 'راهنما',
        errors: ['نادرست'],
      }),
    )
    expect(refused).toContain('aria-invalid="true"')
    expect(refused).toContain('aria-describedby="f-hint f-error"')
    expect(refused).toMatch(/<ul id="f-error"[^>]*><li[^>]*>نادرست<\/li><\/ul>/)
  })

  it('give a select its options after an empty first choice, and its errors', () => {
    const select = html(
      createElement(SelectField, {
        id: 's',
        name: 'category',
        label: 'دسته‌بندی',
        options: [{ value: '1', label: 'پرداخت' }],
        placeholder: 'انتخاب کنید',
        errors: ['دستهبندی لازم است'],
      }),
    )
    expect(select).toContain('<label for="s"')
    expect(select).toMatch(
      /<select id="s" aria-invalid="true" aria-describedby="s-error"[^>]*name="category"/,
    )
    expect(select).toContain(
      '<option value="">انتخاب کنید</option><option value="1">پرداخت</option>',
    )
    expect(select).toContain('دستهبندی لازم است')
  })

  it('wire a text area the same way', () => {
    const area = html(
      createElement(TextAreaField, { id: 't', name: 'message', label: 'پیام', errors: ['لازم'] }),
    )
    expect(area).toMatch(
      /<textarea id="t" aria-invalid="true" aria-describedby="t-error"[^>]*name="message"/,
    )
  })

  it('bind a field to the submitted values and errors by name', () => {
    const field = boundFields({ form: [], fields: { sheba: ['نادرست'] } }, { sheba: 'IR12' })
    expect(field('sheba')).toEqual({ name: 'sheba', defaultValue: 'IR12', errors: ['نادرست'] })
    expect(boundFields(undefined, undefined)('sheba')).toEqual({
      name: 'sheba',
      defaultValue: '',
      errors: undefined,
    })
  })

  it('mark a button busy while its form is being sent, with a spinner', () => {
    const idle = html(createElement(BusyButton, { busy: false }, 'ارسال'))
    const busy = html(createElement(BusyButton, { busy: true, disabled: true }, 'ارسال'))
    expect(idle).not.toContain('aria-busy')
    expect(idle).not.toContain('animate-spin')
    expect(busy).toMatch(/^<button type="submit" aria-busy="true"[^>]*disabled=""/)
    expect(busy).toContain('animate-spin')
  })

  it('give a file picker its own look, wired like any field', () => {
    const picker = html(
      createElement(Field, { id: 'u', name: 'file', label: 'فایل', type: 'file' }),
    )
    expect(picker).toMatch(/<input id="u" class="text-sm file:[^"]*" name="file" type="file"\/>/)
  })
})
