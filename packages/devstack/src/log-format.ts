/**
 * pino writes one JSON object a line, which is right for production and hard to read in a
 * terminal. The launcher renders such lines as "14:03:07 INFO  message key=value"; anything
 * that is not a pino line passes through unchanged.
 */

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
}

// Fields every line carries or that the rendered prefix already shows.
const HIDDEN = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'service', 'v'])

export function formatLogLine(line: string): string {
  if (!line.startsWith('{') || !line.endsWith('}')) return line
  let record: Record<string, unknown>
  try {
    record = JSON.parse(line)
  } catch {
    return line
  }
  if (typeof record.level !== 'number' || typeof record.time !== 'number') return line
  const time = new Date(record.time).toISOString().slice(11, 19)
  const level = LEVELS[record.level] ?? String(record.level)
  const extras = Object.entries(record)
    .filter(([key]) => !HIDDEN.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
  return [time, level, record.msg ?? '', ...extras].join(' ').trimEnd()
}
