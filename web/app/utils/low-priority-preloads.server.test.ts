import { text } from 'node:stream/consumers'
import { fc, test } from '@fast-check/vitest'
import { describe, expect, it } from 'vitest'
import { lowPriorityModulePreloads } from './low-priority-preloads.server.ts'

const HEAD = '<!DOCTYPE html><html lang="fa"><head><title>ارزپل</title></head><body><p>سلام</p>'
const PRELOADS =
  '<link rel="modulepreload" href="/assets/entry.client.js"/>' +
  '<link rel="modulepreload" href="/assets/components.js"/>'
const DOCUMENT = `${HEAD}${PRELOADS}<script type="module" async="">import("/assets/entry.client.js")</script></body></html>`
const EXPECTED = DOCUMENT.replaceAll(
  '<link rel="modulepreload"',
  '<link rel="modulepreload" fetchpriority="low"',
)

/** Streams `bytes` through the transform cut at `cuts`, as React's chunks may fall anywhere. */
async function streamed(bytes: Buffer, cuts: number[]): Promise<string> {
  const transform = lowPriorityModulePreloads()
  const result = text(transform)
  let from = 0
  for (const cut of [...new Set(cuts)].sort((a, b) => a - b)) {
    transform.write(bytes.subarray(from, cut))
    from = cut
  }
  transform.end(bytes.subarray(from))
  return result
}

describe('lowPriorityModulePreloads', () => {
  it('marks every module preload low and leaves the rest of the document as it was', async () => {
    expect(await streamed(Buffer.from(DOCUMENT), [])).toBe(EXPECTED)
  })

  test.prop([fc.array(fc.nat({ max: Buffer.byteLength(DOCUMENT) }), { maxLength: 12 })])(
    'gives the same document wherever the stream is cut, Persian bytes included',
    async (cuts) => {
      expect(await streamed(Buffer.from(DOCUMENT), cuts)).toBe(EXPECTED)
    },
  )

  it('sends a chunk at once unless its end may start a preload', async () => {
    const transform = lowPriorityModulePreloads()
    const seen: string[] = []
    transform.on('data', (chunk: Buffer) => seen.push(chunk.toString()))
    transform.write(Buffer.from('<p>پرداخت</p>'))
    transform.write(Buffer.from('<main><link rel="module'))
    await new Promise((resolve) => setImmediate(resolve))
    expect(seen.join('')).toBe('<p>پرداخت</p><main>')
    transform.end(Buffer.from('preload" href="/a.js"/>'))
    await new Promise((resolve) => transform.on('end', resolve))
    expect(seen.join('')).toBe(
      '<p>پرداخت</p><main><link rel="modulepreload" fetchpriority="low" href="/a.js"/>',
    )
  })

  it('gives back an unfinished tag at the end of the document as it came', async () => {
    expect(await streamed(Buffer.from('<p>تمام</p><link rel="mod'), [5])).toBe(
      '<p>تمام</p><link rel="mod',
    )
  })
})
