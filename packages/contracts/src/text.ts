/* eslint-disable no-control-regex -- finding control characters is this module's job */
/**
 * What a stored text may hold. PostgreSQL refuses NUL in text and `\u0000` in jsonb, and refuses
 * a lone surrogate written as a JSON escape; other C0 controls are never typed by a person and
 * only serve to corrupt logs and screens. A single-line text (a username) holds none of them; a
 * multi-line one (a description) keeps tab, line feed and carriage return.
 */

/** Every C0 control and DEL. */
const SINGLE_LINE_CONTROLS = /[\u0000-\u001F\u007F]/
/** The same, less tab, LF and CR. */
const MULTILINE_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/
/** A UTF-16 surrogate not paired with its other half (only a JSON `\ud800` escape makes one). */
const LONE_SURROGATE = /\p{Cs}/u

/** Shown for a text with one of the characters above. */
export const INVALID_CHARACTERS_MESSAGE = 'متن شامل نویسه‌های غیرمجاز (نویسه‌های کنترلی) است.'

export function hasForbiddenCharacters(value: string, multiline = false): boolean {
  return (
    (multiline ? MULTILINE_CONTROLS : SINGLE_LINE_CONTROLS).test(value) ||
    LONE_SURROGATE.test(value)
  )
}

/**
 * For values that must be kept rather than refused (a bank's callback, a customer's ticket):
 * drops the controls above (a multi-line text keeps tab and its line ends) and replaces each
 * lone surrogate with U+FFFD, so the value can go into any column or jsonb document.
 */
export function scrubText(value: string, multiline = false): string {
  const controls = new RegExp(multiline ? MULTILINE_CONTROLS : SINGLE_LINE_CONTROLS, 'g')
  return value.replace(controls, '').replace(/\p{Cs}/gu, '\uFFFD')
}
