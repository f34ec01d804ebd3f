/**
 * An image the cms serves (a post's cover, an image in a post's body) as a page draws it: every
 * size the cms made of it for `srcset`, its own size (no layout shift), and the editor's
 * description as its alt text.
 */

/** Named as `<img>` names them, so a page spreads it onto one. */
export interface ResponsiveImage {
  src: string
  /** Each size the cms made, with its width (`…/small_x.jpg 500w, …`). */
  srcSet: string
  width: number
  height: number
  /** Empty when the editor wrote none: the image then only decorates. */
  alt: string
}

type Media = Record<string, unknown>

const isMedia = (value: unknown): value is Media =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Strapi's sizes of an upload, smallest first. */
const FORMATS = ['thumbnail', 'small', 'medium', 'large'] as const

const positive = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : null

const withoutExtension = (name: string) => name.replace(/\.[A-Za-z0-9]{1,5}$/, '')

/**
 * The editor's description of an image. Strapi fills in the file name when the editor wrote
 * none (`IMG_2041.jpg`), which describes nothing to someone who cannot see it: that reads as none.
 */
export function imageAlt(image: Media): string {
  const alt = typeof image.alternativeText === 'string' ? image.alternativeText.trim() : ''
  const name = typeof image.name === 'string' ? image.name.trim() : ''
  if (!alt || (name && (alt === name || alt === withoutExtension(name)))) return ''
  return alt
}

/**
 * An upload's address as the page links it: the cms's relative `/uploads/…` on the cms's origin,
 * an absolute http(s) address (a cloud bucket) as it is, anything else (a `javascript:` or
 * `data:` address an editor pasted) not at all.
 */
export function mediaUrl(url: unknown, mediaBaseUrl: string): string | null {
  if (typeof url !== 'string') return null
  const trimmed = url.trim()
  if (/^\/(?!\/)/.test(trimmed)) return mediaBaseUrl.replace(/\/+$/, '') + trimmed
  return /^https?:\/\//i.test(trimmed) ? trimmed : null
}

/** The cover (or any upload) as a responsive image; null when there is none or it is unusable. */
export function responsiveImage(media: unknown, mediaBaseUrl: string): ResponsiveImage | null {
  if (!isMedia(media)) return null
  const src = mediaUrl(media.url, mediaBaseUrl)
  const width = positive(media.width)
  const height = positive(media.height)
  if (!src || !width || !height) return null
  const formats = isMedia(media.formats) ? media.formats : {}
  const sizes = FORMATS.flatMap((key) => {
    const format = formats[key]
    if (!isMedia(format)) return []
    const url = mediaUrl(format.url, mediaBaseUrl)
    const formatWidth = positive(format.width)
    return url && formatWidth && formatWidth < width ? [`${url} ${formatWidth}w`] : []
  })
  return {
    src,
    srcSet: [...sizes, `${src} ${width}w`].join(', '),
    width,
    height,
    alt: imageAlt(media),
  }
}
