/**
 * The address of the service a customer pays ("آدرس سایت", docs/product/orders.md): "example.com"
 * or "https://example.com/x" → an http(s) URL with a dotted host. The browser form, web's action
 * and payments-service read it with this one rule.
 */

export const MAX_SITE_URL_LENGTH = 2048

/** The normalised URL (a bare host gets https://), or null when it is none we accept. */
export function normalizeSiteUrl(input: string): string | null {
  const value = input.trim()
  if (!value || value.length > MAX_SITE_URL_LENGTH) return null
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`
  try {
    const url = new URL(withScheme)
    if (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      /\.[a-z]{2,}$/i.test(url.hostname)
    ) {
      return url.toString()
    }
  } catch {
    // not a URL
  }
  return null
}
