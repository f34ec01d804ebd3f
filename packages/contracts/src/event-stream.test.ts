import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { eventStreamReader, formatServerSentEvent, HEARTBEAT } from './event-stream.ts'

describe('event stream', () => {
  it('reads back what was written, however the text is cut into chunks', () => {
    const events = fc.array(
      fc.record({
        event: fc.constantFrom('cms', 'catalog', 'resync'),
        data: fc.json().map((text) => text.replace(/[\r\n]/g, '')),
      }),
      { maxLength: 8 },
    )
    fc.assert(
      fc.property(events, fc.array(fc.nat(), { maxLength: 20 }), (written, cuts) => {
        const text = written.map((e) => HEARTBEAT + formatServerSentEvent(e.event, e.data)).join('')
        const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort(
          (x, y) => x - y,
        )
        const reader = eventStreamReader()
        const read = []
        let from = 0
        for (const point of [...points, text.length]) {
          read.push(...reader.push(text.slice(from, point)))
          from = point
        }
        expect(read).toEqual(written.filter((e) => e.data !== ''))
      }),
    )
  })

  it('skips comments, unknown fields and lines without a value', () => {
    const reader = eventStreamReader()
    expect(reader.push(': hi\nretry: 1000\nid: 7\ndata\n\nevent: cms\r\ndata: {}\r\n\r\n')).toEqual(
      [{ event: 'cms', data: '{}' }],
    )
  })
})
