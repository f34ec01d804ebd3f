import { readFileSync } from 'node:fs'

/**
 * The shared stack's output so far, one entry per log record: global setup records it in the
 * file E2E_STACK_LOG names.
 */
export function stackLog(): string[] {
  const file = process.env.E2E_STACK_LOG
  if (!file) throw new Error('E2E_STACK_LOG is not set: global setup records the stack output')
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as string)
}
