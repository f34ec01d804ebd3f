/* eslint-disable no-control-regex -- finding control characters is this module's job */
/**
 * What a stored text may hold. PostgreSQL refuses NUL in text and `\u0000` in jsonb, and refuses
 * a lone surrogate written as a JSON escape; other C0 controls are never typed by a person and
 * only serve to corrupt logs and screens. A single-line text (a username) holds none of them; a
 * multi-line one (a description) keeps tab, line feed and carriage return. A free-text field of
 * a form (a staff note, a reason) is `requiredText` or `trimmedOrNull` below.
 */
import { z } from 'zod'

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

/** Shown for a text over its limit, where the field has no message of its own. */
export const TEXT_TOO_LONG_MESSAGE = 'متن بیش از حد طولانی است'

/**
 * An optional text: trimmed, blank becomes null, `max` at most once trimmed (spaces pasted around
 * a note do not count against it), no control characters.
 */
export const trimmedOrNull = (max: number, { tooLong = TEXT_TOO_LONG_MESSAGE as string } = {}) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .refine((value) => !hasForbiddenCharacters(value, true), INVALID_CHARACTERS_MESSAGE)
    .nullish()
    .transform((value) => (value ? value : null))

/** A required text: trimmed, one character at least, `max` at most, no control characters. */
export const requiredText = (
  required: string,
  max: number,
  { tooLong = TEXT_TOO_LONG_MESSAGE as string, multiline = true } = {},
) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, tooLong)
    .refine((value) => !hasForbiddenCharacters(value, multiline), INVALID_CHARACTERS_MESSAGE)
