import { describe, expect, it } from 'vitest'

import type * as Author from '../src/comments/author'
import type * as Sanitize from '../src/comments/sanitize'
import type * as Spam from '../src/comments/spam'
import type * as Blocks from '../src/seed/blocks'
import { requireCompiled } from './harness'

const { sanitizeCommentContent } = requireCompiled<typeof Sanitize>('comments/sanitize.js')
const { detectSpam, countLinks, isRepetitive } = requireCompiled<typeof Spam>('comments/spam.js')
const { maskPhone, publicUsername } = requireCompiled<typeof Author>('comments/author.js')
const { blocks, blocksToText } = requireCompiled<typeof Blocks>('seed/blocks.js')

const clean = { recentCount: 0, recentContents: [] }

describe('comment content sanitising', () => {
  it.each([
    ['', ''],
    ['   \n\t  ', ''],
    ['<p> </p><br/>', ''],
    ['<b>سلام</b> <script>alert(1)</script>دنیا', 'سلام دنیا'],
    ['<p>یک</p><p>دو</p>', 'یک\n\nدو'],
    ['a &lt;b&gt; &amp; c', 'a b & c'],
    ['line\r\n\r\n\r\n\r\nnext', 'line\n\nnext'],
    ['\u202eعکس\u202c', 'عکس'],
    ['<img src=x onerror=alert(1)>تصویر', 'تصویر'],
    ['a\u0000b\u0007c\td', 'abc d'],
  ])('%j → %j', (input, expected) => {
    expect(sanitizeCommentContent(input)).toBe(expected)
  })
})

describe('spam rules', () => {
  it('accepts an ordinary comment', () => {
    expect(detectSpam('ممنون، مقاله خیلی کاربردی بود. https://arzpol.ir', clean)).toBeNull()
  })

  it('flags more than two links', () => {
    expect(countLinks('a http://x.io b https://y.io www.z.io')).toBe(3)
    expect(detectSpam('a http://x.io b https://y.io www.z.io', clean)).toBe('links')
  })

  it('flags repeated text', () => {
    expect(isRepetitive('عاااااااااااالی')).toBe(true)
    expect(isRepetitive('خرید خرید خرید خرید خرید فالوور')).toBe(true)
    expect(detectSpam('buy buy buy buy buy now', clean)).toBe('repetition')
    expect(isRepetitive('این یک متن معمولی با واژه‌های گوناگون است')).toBe(false)
  })

  it('flags the same text posted again by the same user', () => {
    expect(detectSpam('سلام  دوستان', { recentCount: 1, recentContents: ['سلام دوستان'] })).toBe(
      'duplicate',
    )
  })

  it('flags a user over the rate limit', () => {
    expect(detectSpam('نظر چهارم', { recentCount: 3, recentContents: ['a', 'b', 'c'] })).toBe(
      'rate-limit',
    )
    expect(detectSpam('نظر سوم', { recentCount: 2, recentContents: ['a', 'b'] })).toBeNull()
  })
})

describe('author snapshot', () => {
  it('masks the phone number', () => {
    expect(maskPhone('09121234567')).toBe('0912***4567')
    expect(maskPhone('123')).toBe('***')
  })

  it('masks a username that is a phone number, in any digits, and keeps other names', () => {
    expect(publicUsername('09121234567')).toBe('0912***4567')
    expect(publicUsername('۰۹۱۲۱۲۳۴۵۶۷')).toBe('0912***4567')
    expect(publicUsername('+98 912 123 4567')).toBe('0912***4567')
    expect(publicUsername('mina')).toBe('mina')
    expect(publicUsername('  ')).toBe('کاربر')
  })
})

describe('blocks markup', () => {
  it('turns paragraphs, headings, lists, quotes and bold into Strapi blocks', () => {
    const content = blocks('## عنوان\nمتن **مهم** اینجا\n\n- یک\n- دو\n\n1. اول\n2. دوم\n\n> نقل')
    expect(content.map((block) => block.type)).toEqual([
      'heading',
      'paragraph',
      'list',
      'list',
      'quote',
    ])
    expect(content[1]).toEqual({
      type: 'paragraph',
      children: [
        { type: 'text', text: 'متن ' },
        { type: 'text', text: 'مهم', bold: true },
        { type: 'text', text: ' اینجا' },
      ],
    })
    expect(blocksToText(content)).toContain('یک\nدو')
  })
})
