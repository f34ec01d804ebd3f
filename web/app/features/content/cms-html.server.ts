import { imageAlt, mediaUrl } from './cms-image.ts'
import createDOMPurify from 'dompurify'
import type { DOMPurify as Purifier, Config } from 'dompurify'
import { JSDOM } from 'jsdom'

/**
 * The only way cms text becomes HTML in web. Post bodies arrive as Strapi "blocks" JSON (or, in
 * the spec's older shape, an HTML string) and comments as text that may hold markup: everything is
 * turned into HTML here and then passed through DOMPurify on the server with a short allow-list,
 * without style and class attributes, and with links and images limited to http(s), mailto and
 * relative URLs. Pages put the result into the document with `dangerouslySetInnerHTML`; nothing
 * else may. Server-only: jsdom stays out of the browser bundle.
 */

const POST_TAGS = [
  'p',
  'br',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'figure',
  'figcaption',
  'hr',
]
const POST_ATTRIBUTES = ['href', 'src', 'alt', 'title', 'width', 'height', 'dir']

const COMMENT_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'code', 'a']
const COMMENT_ATTRIBUTES = ['href', 'title', 'dir']

/**
 * http:, https:, mailto: or no scheme at all (relative, fragment). DOMPurify tests it after
 * removing whitespace and control characters, so `java\tscript:` does not slip through.
 */
const SAFE_URL = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i

function baseConfig(tags: string[], attributes: string[]): Config {
  return {
    ALLOWED_TAGS: tags,
    ALLOWED_ATTR: attributes,
    FORBID_ATTR: ['style', 'class'],
    ALLOWED_URI_REGEXP: SAFE_URL,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
    KEEP_CONTENT: true,
  }
}

let purifiers: { post: Purifier; comment: Purifier } | undefined

function getPurifiers() {
  if (purifiers) return purifiers
  const { window } = new JSDOM('<!doctype html><html><body></body></html>')
  const make = (rel: string) => {
    const purifier = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0])
    purifier.addHook('afterSanitizeAttributes', (node) => {
      if (node.nodeName === 'A' && node.hasAttribute('href')) {
        const href = node.getAttribute('href') ?? ''
        if (/^https?:/i.test(href)) {
          node.setAttribute('rel', rel)
          node.setAttribute('target', '_blank')
        }
      }
      if (node.nodeName === 'IMG') {
        node.setAttribute('loading', 'lazy')
        node.setAttribute('decoding', 'async')
        // An image without a usable address is just a broken box.
        if (!node.getAttribute('src')) node.remove()
      }
    })
    return purifier
  }
  purifiers = {
    post: make('noopener noreferrer'),
    comment: make('nofollow ugc noopener noreferrer'),
  }
  return purifiers
}

/** Sanitises HTML meant for a post body. */
export function sanitizePostHtml(html: string): string {
  return getPurifiers().post.sanitize(html, baseConfig(POST_TAGS, POST_ATTRIBUTES)) as string
}

/**
 * A comment's content as safe HTML. The cms stores comments as plain text (markup stripped on
 * write), but a moderator can edit them and the spec calls them HTML, so they are sanitised like
 * post bodies, with a shorter list of tags. Line breaks are kept by the page's CSS
 * (`white-space: pre-line`).
 */
export function sanitizeCommentHtml(content: string): string {
  return getPurifiers().comment.sanitize(
    content,
    baseConfig(COMMENT_TAGS, COMMENT_ATTRIBUTES),
  ) as string
}

/** Escapes text for an HTML text node or a double-quoted attribute value. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

type Node = Record<string, unknown>

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const childrenOf = (node: Node): Node[] =>
  Array.isArray(node.children) ? node.children.filter(isNode) : []

interface SerializeOptions {
  /** Origin for relative image addresses (the cms's `/uploads/...`). */
  mediaBaseUrl?: string | undefined
}

/** Serialises Strapi 5 blocks to HTML (unsanitised; `renderPostContent` sanitises). */
export function blocksToHtml(blocks: unknown, options: SerializeOptions = {}): string {
  if (!Array.isArray(blocks)) return ''
  return blocks
    .filter(isNode)
    .map((block) => blockToHtml(block, options))
    .join('\n')
}

function blockToHtml(block: Node, options: SerializeOptions): string {
  switch (block.type) {
    case 'paragraph':
      return `<p>${inlineToHtml(childrenOf(block))}</p>`
    case 'heading': {
      // The page title is the only h1; the body's headings start one level below it.
      const level = Math.min(6, Math.max(2, Number(block.level) + 1 || 2))
      return `<h${level}>${inlineToHtml(childrenOf(block))}</h${level}>`
    }
    case 'quote':
      return `<blockquote>${inlineToHtml(childrenOf(block))}</blockquote>`
    case 'code':
      return `<pre dir="ltr"><code>${escapeHtml(plainText(childrenOf(block)))}</code></pre>`
    case 'list':
      return listToHtml(block)
    case 'image':
      return imageToHtml(block, options)
    default:
      return ''
  }
}

function listToHtml(list: Node): string {
  const tag = list.format === 'ordered' ? 'ol' : 'ul'
  const items: string[] = []
  for (const child of childrenOf(list)) {
    if (child.type === 'list') {
      // Strapi puts a nested list beside the items; HTML wants it inside the previous item.
      const nested = listToHtml(child)
      const last = items.pop()
      items.push(last ? last.replace(/<\/li>$/, `${nested}</li>`) : `<li>${nested}</li>`)
    } else {
      items.push(`<li>${inlineToHtml(childrenOf(child))}</li>`)
    }
  }
  return `<${tag}>${items.join('')}</${tag}>`
}

function imageToHtml(block: Node, { mediaBaseUrl }: SerializeOptions): string {
  const image = isNode(block.image) ? block.image : {}
  const url = mediaUrl(image.url, mediaBaseUrl ?? '')
  if (!url) return ''
  const alt = imageAlt(image)
  const size = ['width', 'height']
    .filter((name) => Number.isFinite(Number(image[name])) && Number(image[name]) > 0)
    .map((name) => ` ${name}="${Math.round(Number(image[name]))}"`)
    .join('')
  const caption =
    typeof image.caption === 'string' && image.caption
      ? `<figcaption>${escapeHtml(image.caption)}</figcaption>`
      : ''
  return `<figure><img src="${escapeHtml(url)}" alt="${escapeHtml(alt)}"${size}>${caption}</figure>`
}

function inlineToHtml(nodes: Node[]): string {
  return nodes
    .map((node) => {
      if (node.type === 'link') {
        const inner = inlineToHtml(childrenOf(node))
        const url = typeof node.url === 'string' ? node.url.trim() : ''
        return url ? `<a href="${escapeHtml(url)}">${inner}</a>` : inner
      }
      if (node.type !== 'text' || typeof node.text !== 'string') return ''
      let html = escapeHtml(node.text).replace(/\n/g, '<br>')
      if (node.code) html = `<code>${html}</code>`
      if (node.bold) html = `<strong>${html}</strong>`
      if (node.italic) html = `<em>${html}</em>`
      if (node.underline) html = `<u>${html}</u>`
      if (node.strikethrough) html = `<s>${html}</s>`
      return html
    })
    .join('')
}

function plainText(nodes: Node[]): string {
  return nodes
    .map((node) => (typeof node.text === 'string' ? node.text : plainText(childrenOf(node))))
    .join('')
}

/** All the words of a post body, for search. */
export function contentToText(content: unknown): string {
  if (typeof content === 'string') {
    return content
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  }
  if (!Array.isArray(content)) return ''
  const parts: string[] = []
  const walk = (node: Node) => {
    if (typeof node.text === 'string') parts.push(node.text)
    if (isNode(node.image) && typeof node.image.alternativeText === 'string') {
      parts.push(node.image.alternativeText)
    }
    childrenOf(node).forEach(walk)
  }
  content.filter(isNode).forEach(walk)
  return parts.join(' ').replace(/\s+/g, ' ').trim()
}

/**
 * A post body, safe to put in the page: blocks are serialised, an HTML string is taken as it is,
 * and both are sanitised. Relative image addresses (the cms's `/uploads/...`) point at the cms.
 */
export function renderPostContent(content: unknown, options: SerializeOptions = {}): string {
  return sanitizePostHtml(typeof content === 'string' ? content : blocksToHtml(content, options))
}
