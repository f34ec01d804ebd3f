import { PassThrough } from 'node:stream'
import { text } from 'node:stream/consumers'
import { renderToPipeableStream } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { stripTrailingNulBytes } from './strip-nul.server.ts'

function render(node: React.ReactNode, transform?: () => NodeJS.ReadWriteStream) {
  return new Promise<string>((resolve, reject) => {
    const { pipe } = renderToPipeableStream(node, {
      onAllReady() {
        const sink = new PassThrough()
        const out = transform ? sink.pipe(transform()) : sink
        text(out).then(resolve, reject)
        pipe(sink)
      },
      onError: reject,
    })
  })
}

// Many separate text nodes make React fill its 2 KB buffer and cut between characters.
function PersianPage({ lead }: { lead: number }) {
  return (
    <main>
      {'x'.repeat(lead)}
      {Array.from({ length: 300 }, (_, i) => (
        <p key={i}>راهنمای کامل ثبت‌نام و پرداخت هزینه آزمون تافل {i}</p>
      ))}
    </main>
  )
}

describe('stripTrailingNulBytes', () => {
  it('drops only zero bytes at the end of a chunk', async () => {
    const stream = stripTrailingNulBytes()
    const result = text(stream)
    stream.write(Buffer.from([0xd8, 0xa7, 0, 0]))
    stream.write(Buffer.from('ب', 'utf8'))
    stream.end(Buffer.from([0, 0x61]))
    expect(await result).toBe('اب\u0000a')
  })

  it('keeps streamed Persian pages free of NUL bytes and byte-identical to the text', async () => {
    for (let lead = 0; lead < 3; lead += 1) {
      const html = await render(<PersianPage lead={lead} />, stripTrailingNulBytes)
      expect(html).not.toContain('\u0000')
      expect(html.match(/راهنمای کامل ثبت‌نام/g)).toHaveLength(300)
    }
  })
})
