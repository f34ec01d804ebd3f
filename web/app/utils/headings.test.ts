import { describe, expect, it } from 'vitest'
import { renumberHeadings } from './headings.ts'

describe('renumberHeadings', () => {
  it('renumbers the levels in use from the given one, without gaps', () => {
    expect(renumberHeadings('<h4>الف</h4><p>x</p><h6 id="b">ب</h6><h4>ج</h4>', 3)).toBe(
      '<h3>الف</h3><p>x</p><h4 id="b">ب</h4><h3>ج</h3>',
    )
    expect(renumberHeadings('<h1>a</h1><h2>b</h2><h3>c</h3><h4>d</h4>', 4)).toBe(
      '<h4>a</h4><h5>b</h5><h6>c</h6><h6>d</h6>',
    )
    expect(renumberHeadings('<p>بدون عنوان</p>', 3)).toBe('<p>بدون عنوان</p>')
  })
})
