import { fc, test } from '@fast-check/vitest'
import { describe, expect, it } from 'vitest'
import { viewerState, viewHref } from './document-viewer.tsx'
import { unopenedDocuments, type ReviewDocument } from './review-documents.tsx'

/** The review page's viewer: what the address asks for, and what the reader has yet to open. */

const DOCUMENTS: ReviewDocument[] = [
  { id: 11, kind: 'national_card', created_at: '2026-11-30T08:00:00.000Z', opened_by_you: true },
  { id: 12, kind: 'selfie', created_at: '2026-11-30T08:01:00.000Z', opened_by_you: false },
]

const params = (query: string) => new URLSearchParams(query)

describe('viewerState', () => {
  it('shows a photo of this request at the asked size and turn', () => {
    expect(viewerState(params('document=12&zoom=2&turn=3'), DOCUMENTS)).toEqual({
      document: DOCUMENTS[1],
      zoom: 2,
      turn: 3,
    })
  })

  it('shows nothing for a photo of another request, and upright at 100% for nonsense steps', () => {
    expect(viewerState(params('document=13'), DOCUMENTS)).toBeNull()
    expect(viewerState(params(''), DOCUMENTS)).toBeNull()
    expect(viewerState(params('document=11&zoom=9&turn=-1'), DOCUMENTS)).toMatchObject({
      zoom: 0,
      turn: 0,
    })
  })

  test.prop([fc.string(), fc.string(), fc.string()])(
    'never fails and stays within its steps whatever the address says',
    (document, zoom, turn) => {
      const view = viewerState(new URLSearchParams({ document, zoom, turn }), DOCUMENTS)
      if (view) {
        expect([0, 1, 2, 3]).toContain(view.zoom)
        expect([0, 1, 2, 3]).toContain(view.turn)
      }
    },
  )

  it('writes a view into an address it reads back', () => {
    const href = viewHref({ document: { id: 12 }, zoom: 1, turn: 2 })
    const query = href.slice(1, href.indexOf('#'))
    expect(viewerState(params(query), DOCUMENTS)).toEqual({
      document: DOCUMENTS[1],
      zoom: 1,
      turn: 2,
    })
  })
})

describe('unopenedDocuments', () => {
  it('lists what the reader has not opened, the photo on screen counting as opened', () => {
    expect(unopenedDocuments(DOCUMENTS, params('')).map((doc) => doc.id)).toEqual([12])
    expect(unopenedDocuments(DOCUMENTS, params('document=12'))).toEqual([])
    // A photo the customer replaced while uploading is not needed.
    const replaced = { ...DOCUMENTS[1]!, id: 10, replaced: true }
    expect(unopenedDocuments([replaced, ...DOCUMENTS], params('document=12'))).toEqual([])
    // An older payments-service that does not say: nothing is claimed unopened.
    const unknown = DOCUMENTS.map(({ opened_by_you: _, ...doc }) => doc)
    expect(unopenedDocuments(unknown, params(''))).toEqual([])
  })
})
