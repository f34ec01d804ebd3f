import type { CmsEnv } from '../env'
import { isPreviewable } from './previewable'
import { previewKey, signPreviewToken } from './preview-token'

/**
 * Where the admin's preview panel opens a document: web's preview page with a signed token, or
 * nothing (no preview offered) for a type web does not draw or when web's address is unknown.
 */
export async function previewUrl(
  env: Pick<CmsEnv, 'WEB_URL' | 'CMS_ADMIN_JWT_SECRET'>,
  uid: string,
  params: { documentId?: string; status?: string | null },
): Promise<string | null> {
  if (!env.WEB_URL || !isPreviewable(uid) || !params.documentId) return null
  const status = params.status === 'published' ? 'published' : 'draft'
  const token = await signPreviewToken(previewKey(env.CMS_ADMIN_JWT_SECRET), {
    uid,
    documentId: params.documentId,
    status,
  })
  return `${env.WEB_URL.replace(/\/+$/, '')}/preview/${token}`
}
