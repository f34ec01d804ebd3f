import { Writable } from 'node:stream'
import { pino, type Logger, type LoggerOptions } from 'pino'

/** A logger whose records a test can read back, parsed, in the order they were written. */
export function capturedLogger(options: LoggerOptions = {}): {
  lines: Array<Record<string, unknown>>
  logger: Logger
} {
  const lines: Array<Record<string, unknown>> = []
  const logger = pino(
    options,
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>)
        done()
      },
    }),
  )
  return { lines, logger }
}
