/** Masks an Iranian mobile number for public display: 09121234567 → 0912***4567. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  if (digits.length < 8) return '***'
  return `${digits.slice(0, 4)}***${digits.slice(-4)}`
}

const PERSIAN_ZERO = 0x06f0
const ARABIC_ZERO = 0x0660

/**
 * The public name of a commenter. New customers' usernames are their phone numbers, and the
 * comment list is public, so a username that is a phone number is stored masked as well.
 */
export function publicUsername(username: string): string {
  const trimmed = username.trim()
  if (!trimmed) return 'کاربر'
  const latin = trimmed
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - PERSIAN_ZERO))
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - ARABIC_ZERO))
  const compact = latin.replace(/[\s+\-()]/g, '')
  return /\d{7,}/.test(compact) ? maskPhone(compact.replace(/^(0098|98)/, '0')) : trimmed
}
