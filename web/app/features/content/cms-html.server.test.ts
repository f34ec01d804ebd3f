import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { JSDOM } from 'jsdom'
import { describe, expect, it } from 'vitest'
import {
  blocksToHtml,
  contentToText,
  renderPostContent,
  sanitizeCommentHtml,
  sanitizePostHtml,
} from './cms-html.server.ts'

const CORPUS = fileURLToPath(
  new URL('../../../../packages/test-corpus/xss/payloadbox-xss-payload-list.txt', import.meta.url),
)

function corpus(): string[] {
  if (!existsSync(CORPUS)) throw new Error(`the XSS corpus is missing: ${CORPUS}`)
  return readFileSync(CORPUS, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
}

const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'srcset'])

/** The scheme a browser would use for this address, read with the same URL parser. */
function scheme(value: string): string {
  try {
    return new URL(value, 'https://page.example/blog/').protocol
  } catch {
    return 'invalid:'
  }
}

const inspector = new JSDOM('<!doctype html><body><div></div></body>').window.document

/** What is wrong with a piece of HTML from an XSS point of view (empty: nothing). */
function dangers(html: string): string[] {
  const problems: string[] = []
  // A <template> parses without running or loading anything.
  const template = inspector.createElement('template')
  template.innerHTML = html
  for (const element of template.content.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase()
    if (/^(script|iframe|object|embed|style|link|meta|base|form|svg|math|template)$/.test(tag)) {
      problems.push(`<${tag}>`)
    }
    for (const { name, value } of Array.from(element.attributes)) {
      if (/^on/i.test(name)) problems.push(`${tag}[${name}]`)
      if (name === 'style' || name === 'class') problems.push(`${tag}[${name}]`)
      const protocol = scheme(value)
      const allowed =
        protocol === 'https:' ||
        protocol === 'http:' ||
        protocol === 'mailto:' ||
        (tag === 'img' && name === 'src' && /^\s*data:image\//i.test(value))
      if (URL_ATTRIBUTES.has(name) && !allowed) {
        problems.push(`${tag}[${name}=${value.slice(0, 40)}]`)
      }
    }
  }
  return problems
}

/**
 * Puts every fragment in a page that runs scripts, fires the usual events on every element and
 * reports whether anything called alert/prompt/confirm or the hook the payloads might reach.
 */
function executes(fragments: string[]): string[] {
  const fired: string[] = []
  const dom = new JSDOM('<!doctype html><body></body>', { runScripts: 'dangerously' })
  const { window } = dom
  for (const name of ['alert', 'prompt', 'confirm', 'print']) {
    Object.defineProperty(window, name, {
      value: (...args: unknown[]) => fired.push(`${name}(${args.map(String).join(',')})`),
    })
  }
  window.document.body.innerHTML = fragments.map((f, i) => `<div id="f${i}">${f}</div>`).join('')
  for (const element of window.document.body.querySelectorAll('*')) {
    for (const type of ['click', 'mouseover', 'focus', 'blur', 'error', 'load', 'input']) {
      element.dispatchEvent(new window.Event(type, { bubbles: true }))
    }
  }
  window.close()
  return fired
}

describe('the XSS test harness', () => {
  it('sees a live handler, a script URL and a style attribute in unsanitised HTML', () => {
    expect(dangers('<img src=x onerror=alert(1)>')).toContain('img[onerror]')
    expect(dangers('<a href="javascript:alert(1)">x</a>')[0]).toMatch(/^a\[href=/)
    expect(dangers('<p style="color:red" class="x">x</p>')).toEqual(['p[style]', 'p[class]'])
    expect(executes(['<img src=x onerror="alert(1)">', '<b onclick=prompt(8)>x</b>'])).toEqual([
      'alert(1)',
      'prompt(8)',
    ])
  })
})

describe('every payload of the XSS corpus', { timeout: 60_000 }, () => {
  const payloads = corpus()

  it('has the whole list to test', () => {
    expect(payloads.length).toBeGreaterThan(6000)
  })

  it('is harmless as a comment', () => {
    const outputs = payloads.map((payload) => sanitizeCommentHtml(payload))
    const found = outputs.flatMap((html, i) => dangers(html).map((d) => `${payloads[i]} → ${d}`))
    expect(found).toEqual([])
    expect(executes(outputs)).toEqual([])
  })

  it('is harmless as a post body in HTML', () => {
    const outputs = payloads.map((payload) => renderPostContent(payload))
    const found = outputs.flatMap((html, i) => dangers(html).map((d) => `${payloads[i]} → ${d}`))
    expect(found).toEqual([])
    expect(executes(outputs)).toEqual([])
  })

  it('is harmless as the text of post blocks, even before sanitising', () => {
    const textBlocks = (payload: string) => [
      { type: 'heading', level: 2, children: [{ type: 'text', text: payload, bold: true }] },
      { type: 'paragraph', children: [{ type: 'text', text: payload, italic: true }] },
      { type: 'code', children: [{ type: 'text', text: payload }] },
      { type: 'image', image: { url: '/a.png', alternativeText: payload, caption: payload } },
    ]
    // The serialiser escapes every text itself; DOMPurify is the second line of defence.
    const outputs = payloads.map((payload) => blocksToHtml(textBlocks(payload)))
    const found = outputs.flatMap((html, i) => dangers(html).map((d) => `${payloads[i]} → ${d}`))
    expect(found).toEqual([])
    expect(executes(outputs)).toEqual([])
    expect(outputs[payloads.indexOf('<svg onload=alert(1)>')]).toContain(
      '<strong>&lt;svg onload=alert(1)&gt;</strong>',
    )
  })

  it('is harmless as the link and image address of post blocks', () => {
    const urlBlocks = (payload: string) => [
      {
        type: 'paragraph',
        children: [{ type: 'link', url: payload, children: [{ type: 'text', text: 'x' }] }],
      },
      { type: 'image', image: { url: payload, alternativeText: '' } },
    ]
    // Blocks are serialised one by one, so a body of 100 payloads tests each of them as well
    // as 100 bodies would, at a fraction of the cost.
    const outputs: string[] = []
    for (let i = 0; i < payloads.length; i += 100) {
      outputs.push(renderPostContent(payloads.slice(i, i + 100).flatMap(urlBlocks)))
    }
    expect(outputs.flatMap(dangers)).toEqual([])
    expect(executes(outputs)).toEqual([])
    expect(outputs.join('').match(/<p>/g)).toHaveLength(payloads.length)
  })
})

describe('sanitising', () => {
  it('removes style and class attributes and keeps the content', () => {
    expect(
      sanitizePostHtml('<p class="lead" style="color:red">سلام <b style="x">دنیا</b></p>'),
    ).toBe('<p>سلام <b>دنیا</b></p>')
    expect(sanitizeCommentHtml('<em class="x">خوب</em>')).toBe('<em>خوب</em>')
  })

  it('keeps http(s), mailto and relative links and drops every other scheme', () => {
    const html = sanitizePostHtml(
      [
        '<a href="https://example.com/a">1</a>',
        '<a href="mailto:help@arzpol.ir">2</a>',
        '<a href="/blog/x">3</a>',
        '<a href="#part">4</a>',
        '<a href="javascript:alert(1)">5</a>',
        '<a href=" JaVa\tScRiPt:alert(1)">6</a>',
        '<a href="data:text/html,<script>alert(1)</script>">7</a>',
        '<a href="vbscript:msgbox(1)">8</a>',
        '<a href="tel:+989121234567">9</a>',
        '<a href="ftp://example.com/">10</a>',
      ].join(''),
    )
    expect(html).toBe(
      '<a href="https://example.com/a" rel="noopener noreferrer" target="_blank">1</a>' +
        '<a href="mailto:help@arzpol.ir">2</a><a href="/blog/x">3</a><a href="#part">4</a>' +
        '<a>5</a><a>6</a><a>7</a><a>8</a><a>9</a><a>10</a>',
    )
  })

  it('marks links in comments as user content', () => {
    expect(sanitizeCommentHtml('<a href="https://example.com">x</a>')).toBe(
      '<a href="https://example.com" rel="nofollow ugc noopener noreferrer" target="_blank">x</a>',
    )
  })

  it('allows fewer tags in comments than in posts', () => {
    expect(sanitizeCommentHtml('<h2>تیتر</h2><img src="https://x/y.png"><p>متن</p>')).toBe(
      'تیتر<p>متن</p>',
    )
    expect(sanitizePostHtml('<h2>تیتر</h2><img src="https://x/y.png">')).toBe(
      '<h2>تیتر</h2><img src="https://x/y.png" loading="lazy" decoding="async">',
    )
  })

  it('keeps plain comment text as it is (line breaks are shown by CSS)', () => {
    // Without a '<' DOMPurify hands text back untouched; the browser reads '&' as text too.
    expect(sanitizeCommentHtml('سلام\nخط دوم & سوم')).toBe('سلام\nخط دوم & سوم')
    expect(sanitizeCommentHtml('یک < دو\nسه')).toBe('یک &lt; دو\nسه')
  })
})

describe('blocks to HTML', () => {
  it('renders every block type of the cms, with headings below the page title', () => {
    const html = blocksToHtml([
      { type: 'heading', level: 1, children: [{ type: 'text', text: 'یک' }] },
      { type: 'heading', level: 2, children: [{ type: 'text', text: 'دو' }] },
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: 'پر', bold: true },
          { type: 'text', text: 'کج', italic: true },
          { type: 'text', text: 'زیر', underline: true },
          { type: 'text', text: 'خط', strikethrough: true },
          { type: 'text', text: 'npm i', code: true },
          { type: 'link', url: '/blog', children: [{ type: 'text', text: 'وبلاگ' }] },
        ],
      },
      { type: 'quote', children: [{ type: 'text', text: 'نقل' }] },
      { type: 'code', language: 'bash', children: [{ type: 'text', text: 'a < b' }] },
      {
        type: 'list',
        format: 'ordered',
        children: [
          { type: 'list-item', children: [{ type: 'text', text: 'اول' }] },
          {
            type: 'list',
            format: 'unordered',
            children: [{ type: 'list-item', children: [{ type: 'text', text: 'زیر اول' }] }],
          },
          { type: 'list-item', children: [{ type: 'text', text: 'دوم' }] },
        ],
      },
      {
        type: 'image',
        image: {
          url: '/uploads/a.png',
          alternativeText: 'عکس',
          width: 640,
          height: 480,
          caption: 'زیرنویس',
        },
      },
      { type: 'unknown-block', children: [{ type: 'text', text: 'ignored' }] },
    ])
    expect(html.split('\n')).toEqual([
      '<h2>یک</h2>',
      '<h3>دو</h3>',
      '<p><strong>پر</strong><em>کج</em><u>زیر</u><s>خط</s><code>npm i</code><a href="/blog">وبلاگ</a></p>',
      '<blockquote>نقل</blockquote>',
      '<pre dir="ltr"><code>a &lt; b</code></pre>',
      '<ol><li>اول<ul><li>زیر اول</li></ul></li><li>دوم</li></ol>',
      '<figure><img src="/uploads/a.png" alt="عکس" width="640" height="480"><figcaption>زیرنویس</figcaption></figure>',
      '',
    ])
  })

  it('points relative image addresses at the cms and survives sanitising', () => {
    const html = renderPostContent(
      [{ type: 'image', image: { url: '/uploads/a.png', alternativeText: '' } }],
      { mediaBaseUrl: 'http://cms.local:1337/' },
    )
    expect(html).toBe(
      '<figure><img src="http://cms.local:1337/uploads/a.png" alt="" loading="lazy" decoding="async"></figure>',
    )
  })

  it('ignores what is not blocks', () => {
    expect(blocksToHtml(null)).toBe('')
    expect(blocksToHtml({ type: 'paragraph' })).toBe('')
    expect(renderPostContent(undefined)).toBe('')
  })

  it('collects the words of a body for search', () => {
    expect(
      contentToText([
        { type: 'heading', level: 2, children: [{ type: 'text', text: 'ثبت‌نام' }] },
        {
          type: 'list',
          format: 'unordered',
          children: [{ type: 'list-item', children: [{ type: 'text', text: 'تافل' }] }],
        },
        { type: 'image', image: { url: '/u.png', alternativeText: 'پاسپورت' } },
      ]),
    ).toBe('ثبت‌نام تافل پاسپورت')
    expect(contentToText('<p>متن <b>پررنگ</b></p>')).toBe('متن پررنگ')
  })
})
