import { Transform } from 'node:stream'

/**
 * React 18.3's renderToPipeableStream can end a chunk with unused zero bytes when a multi-byte
 * character does not fit the rest of its 2 KB buffer (facebook/react#24985; fixed in React 19,
 * which Strapi and Remix 2 do not allow here). Persian text is all multi-byte, so without this
 * pages randomly carry NUL bytes that browsers show as garbage. React writes whole characters,
 * so bytes of real text never end in zero: only the unused tail of the buffer is dropped.
 */
export function stripTrailingNulBytes(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      let end = chunk.length
      while (end > 0 && chunk[end - 1] === 0) end -= 1
      callback(null, end === chunk.length ? chunk : chunk.subarray(0, end))
    },
  })
}
