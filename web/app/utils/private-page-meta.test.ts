import { describe, expect, it } from 'vitest'
import { privatePageMeta } from './private-page-meta.ts'

describe('privatePageMeta', () => {
  it('gives the title as written and keeps the page out of search engines', () => {
    expect(privatePageMeta('سفارش‌ها | ارزپل')).toEqual([
      { title: 'سفارش‌ها | ارزپل' },
      { name: 'robots', content: 'noindex' },
    ])
  })
})
