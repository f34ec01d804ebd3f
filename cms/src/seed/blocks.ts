/**
 * Strapi's "blocks" rich text, written compactly: the seed (and tests) write posts and terms as
 * light markup and store them as blocks, which web renders without any HTML (nothing to sanitise).
 *
 * Markup: paragraphs separated by a blank line; `## ` / `### ` headings; `- ` bullets; `1. `
 * numbered items; `> ` quotes; `**bold**` inside any line.
 */
export interface TextNode {
  type: 'text'
  text: string
  bold?: true
}
export type Block =
  | { type: 'paragraph'; children: TextNode[] }
  | { type: 'heading'; level: 2 | 3; children: TextNode[] }
  | { type: 'quote'; children: TextNode[] }
  | {
      type: 'list'
      format: 'unordered' | 'ordered'
      children: { type: 'list-item'; children: TextNode[] }[]
    }

export function inline(line: string): TextNode[] {
  const nodes: TextNode[] = []
  line.split(/(\*\*[^*]+\*\*)/).forEach((part) => {
    if (!part) return
    const bold = /^\*\*([^*]+)\*\*$/.exec(part)
    nodes.push(
      bold ? { type: 'text', text: bold[1] ?? '', bold: true } : { type: 'text', text: part },
    )
  })
  return nodes.length > 0 ? nodes : [{ type: 'text', text: '' }]
}

export function blocks(source: string): Block[] {
  const result: Block[] = []
  for (const chunk of source.trim().split(/\n\s*\n/)) {
    const lines = chunk
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
    const first = lines[0] ?? ''
    if (first.startsWith('### ') || first.startsWith('## ')) {
      const level = first.startsWith('### ') ? 3 : 2
      result.push({ type: 'heading', level, children: inline(first.replace(/^#+\s/, '')) })
      if (lines.length > 1) result.push(...blocks(lines.slice(1).join('\n')))
    } else if (lines.every((line) => line.startsWith('- '))) {
      result.push({
        type: 'list',
        format: 'unordered',
        children: lines.map((line) => ({ type: 'list-item', children: inline(line.slice(2)) })),
      })
    } else if (lines.every((line) => /^\d+\.\s/.test(line))) {
      result.push({
        type: 'list',
        format: 'ordered',
        children: lines.map((line) => ({
          type: 'list-item',
          children: inline(line.replace(/^\d+\.\s/, '')),
        })),
      })
    } else if (lines.every((line) => line.startsWith('> '))) {
      result.push({ type: 'quote', children: inline(lines.map((l) => l.slice(2)).join(' ')) })
    } else {
      result.push({ type: 'paragraph', children: inline(lines.join(' ')) })
    }
  }
  return result
}

/** The plain text of blocks (search, excerpts, tests). */
export function blocksToText(content: Block[]): string {
  return content
    .map((block) =>
      block.type === 'list'
        ? block.children.map((item) => item.children.map((n) => n.text).join('')).join('\n')
        : block.children.map((n) => n.text).join(''),
    )
    .join('\n\n')
}
