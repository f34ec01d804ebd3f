import { CmsError, fetchPreview, type CmsPreview } from './cms.server.ts'
import { postFromCms, postHtml } from './cms-blog.server.ts'
import { MalformedContent, servicePageFrom, tierPageFrom } from './cms-pages.server.ts'
import type { PostView } from './post-article.tsx'
import type { ServicePageContent, TierPageContent } from '~/features/site/public-pages.ts'
import { getLogger } from '~/utils/logger.server.ts'

export type PreviewedPage =
  | { kind: 'service-page'; content: ServicePageContent }
  | { kind: 'tier-page'; content: TierPageContent }
  | { kind: 'post'; content: PostView }

export type PreviewPage =
  | { status: 'ok'; state: 'draft' | 'published'; page: PreviewedPage }
  | { status: 'expired' | 'missing' | 'unavailable' }

// A JWS in compact form; anything else is no link of the cms's and is not sent on.
const TOKEN = /^[A-Za-z0-9_-]{1,1000}\.[A-Za-z0-9_-]{1,1000}\.[A-Za-z0-9_-]{1,200}$/

/** The page a preview answer draws, with the public page's own parsing. */
function pageOf({ kind, entry }: Extract<CmsPreview, { status: 'ok' }>): PreviewedPage {
  if (kind === 'service-page') {
    return { kind, content: servicePageFrom(entry, 'previewed service page') }
  }
  if (kind === 'tier-page') return { kind, content: tierPageFrom(entry, 'previewed tier page') }
  const post = postFromCms(entry)
  if (!post) throw new MalformedContent("the cms's previewed post does not have the expected shape")
  return { kind, content: { ...post, html: postHtml(post) } }
}

/** The draft (or published version) an admin preview link names, drawn as its public page. */
export async function loadPreview(token: string): Promise<PreviewPage> {
  if (!TOKEN.test(token)) return { status: 'missing' }
  try {
    const preview = await fetchPreview(token)
    if (preview.status !== 'ok') return preview
    return { status: 'ok', state: preview.state, page: pageOf(preview) }
  } catch (error) {
    if (!(error instanceof CmsError || error instanceof MalformedContent)) throw error
    // The editor is told the preview failed; the outage or shape error is ours to read.
    getLogger().error({ err: error }, 'preview unavailable')
    return { status: 'unavailable' }
  }
}
