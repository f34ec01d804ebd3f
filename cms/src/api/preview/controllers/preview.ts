import type { Core } from '@strapi/strapi'

import { loadCmsEnv } from '../../../env'
import { PREVIEWABLE } from '../../../preview/previewable'
import { previewKey, verifyPreviewToken } from '../../../preview/preview-token'

interface PreviewContext {
  params: { token?: string }
  status: number
  body: unknown
  set(name: string, value: string): void
}

function refuse(ctx: PreviewContext, status: 404 | 410, message: string) {
  ctx.status = status
  const name = status === 404 ? 'NotFoundError' : 'GoneError'
  ctx.body = { data: null, error: { status, name, message, details: {} } }
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /**
   * GET /api/previews/:token — the document the token names, in the state it names (the draft,
   * usually), filled in and sanitised exactly as the public API would answer it once published.
   */
  async read(ctx: PreviewContext) {
    // A draft is not for caches, shared or private.
    ctx.set('Cache-Control', 'no-store')
    const env = loadCmsEnv()
    const check = await verifyPreviewToken(
      previewKey(env.CMS_ADMIN_JWT_SECRET),
      ctx.params.token ?? '',
    )
    if (!check.ok) {
      return check.reason === 'expired'
        ? refuse(ctx, 410, 'این پیوند پیش‌نمایش منقضی شده است.')
        : refuse(ctx, 404, 'چنین پیش‌نمایشی پیدا نشد.')
    }
    const { uid, documentId, status } = check.target
    const { kind, populate } = PREVIEWABLE[uid]
    const entry = await strapi.documents(uid).findOne({ documentId, status, populate } as never)
    if (!entry) return refuse(ctx, 404, 'چنین پیش‌نمایشی پیدا نشد.')
    const sanitized = await strapi.contentAPI.sanitize.output(entry, strapi.getModel(uid), {
      auth: false,
    })
    ctx.body = { data: { kind, status, entry: sanitized } }
  },
})
