/** Masks an Iranian mobile number for public display: 09121234567 → 0912***4567. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  if (digits.length < 8) return '***'
  return `${digits.slice(0, 4)}***${digits.slice(-4)}`
}
