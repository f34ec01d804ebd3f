import type { MetaDescriptor } from '@remix-run/node'

/**
 * The head of a page behind a login (dashboard, back office, second factor): its title and a
 * noindex, since no search engine should list a page it can only ever see as a login redirect.
 */
export function privatePageMeta(title: string): MetaDescriptor[] {
  return [{ title }, { name: 'robots', content: 'noindex' }]
}
