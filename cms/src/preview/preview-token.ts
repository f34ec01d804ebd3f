import { createHmac } from 'node:crypto'

import { errors, jwtVerify, SignJWT } from 'jose'
import { z } from 'zod'

import { DOCUMENT_ID_PATTERN } from '../public-api/query-rules'
import { isPreviewable, type PreviewableUid } from './previewable'

/**
 * A preview link names one document in one state and is signed by the cms, so web needs no
 * secret and no admin token to show a draft: it hands the link's token back to the cms, which
 * checks its own signature. A link lives long enough to review a page, and no longer: it can be
 * copied out of the admin, and a draft is not yet meant for the public.
 */
export const PREVIEW_LIFETIME_SECONDS = 30 * 60

const AUDIENCE = 'arzpol:preview'

export interface PreviewTarget {
  uid: PreviewableUid
  documentId: string
  status: 'draft' | 'published'
}

/** Derived from the admin sessions' secret, so neither kind of token passes for the other. */
export function previewKey(adminJwtSecret: string): Uint8Array {
  return new Uint8Array(
    createHmac('sha256', adminJwtSecret).update('arzpol preview links').digest(),
  )
}

export async function signPreviewToken(
  key: Uint8Array,
  target: PreviewTarget,
  now = Date.now(),
): Promise<string> {
  const issuedAt = Math.floor(now / 1000)
  return new SignJWT({ uid: target.uid, doc: target.documentId, status: target.status })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + PREVIEW_LIFETIME_SECONDS)
    .sign(key)
}

const claimsSchema = z.object({
  uid: z.string().refine(isPreviewable),
  doc: z.string().regex(DOCUMENT_ID_PATTERN),
  status: z.enum(['draft', 'published']),
})

export type PreviewCheck =
  { ok: true; target: PreviewTarget } | { ok: false; reason: 'expired' | 'invalid' }

export async function verifyPreviewToken(
  key: Uint8Array,
  token: string,
  now = Date.now(),
): Promise<PreviewCheck> {
  try {
    const { payload } = await jwtVerify(token, key, {
      audience: AUDIENCE,
      algorithms: ['HS256'],
      currentDate: new Date(now),
    })
    const claims = claimsSchema.safeParse(payload)
    if (!claims.success) return { ok: false, reason: 'invalid' }
    const { uid, doc, status } = claims.data
    return { ok: true, target: { uid: uid as PreviewableUid, documentId: doc, status } }
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' }
  }
}
