import { readFileSync } from 'node:fs'

/** The vendored Big List of Naughty Strings (`FUZZ_CORPUS` names another JSON list of strings). */
export const NAUGHTY_STRINGS_FILE =
  process.env.FUZZ_CORPUS ?? new URL('../naughty-strings/blns.json', import.meta.url).pathname

export function naughtyStrings(file: string = NAUGHTY_STRINGS_FILE): string[] {
  const strings = JSON.parse(readFileSync(file, 'utf8')) as unknown
  if (!Array.isArray(strings) || strings.some((s) => typeof s !== 'string'))
    throw new Error(`${file} is not a JSON list of strings`)
  return strings as string[]
}
