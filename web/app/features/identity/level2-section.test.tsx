import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { Level2State } from './identity-schemas.ts'
import { Level2Section } from './level2-section.tsx'

const render = (level2: Level2State) =>
  renderToStaticMarkup(
    createElement(Level2Section, { level2, errors: undefined, errorKind: undefined }),
  )

const base: Level2State = {
  status: 'none',
  reason: null,
  decided_at: null,
  documents: [],
  missing: ['national_card', 'selfie'],
  // The upload forms need Remix's router; these tests read the lines above them.
  can_upload: false,
}

describe('the level-2 documents as the customer reads them', () => {
  it('before any upload: each document is not uploaded yet', () => {
    const html = render(base)
    expect(html.match(/هنوز بارگذاری نشده است/g)).toHaveLength(2)
  })

  it('after approval the documents are not on show, and neither says "not uploaded"', () => {
    const html = render({
      ...base,
      status: 'approved',
      decided_at: '2026-11-29T08:00:00.000Z',
      missing: [],
      can_upload: false,
    })
    expect(html).not.toContain('هنوز بارگذاری نشده است')
    expect(html.match(/بررسی و تأیید شد/g)).toHaveLength(2)
  })
})
