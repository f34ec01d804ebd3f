import { POST_POPULATE, SERVICE_PAGE_POPULATE, TIER_PAGE_POPULATE } from '../public-api/populate'

/**
 * The types an editor can preview on the real site before publishing, each with the kind of page
 * web draws it as and what a read fills in (the same as the public API's).
 */
export const PREVIEWABLE = {
  'api::service-page.service-page': { kind: 'service-page', populate: SERVICE_PAGE_POPULATE },
  'api::tier-page.tier-page': { kind: 'tier-page', populate: TIER_PAGE_POPULATE },
  'api::post.post': { kind: 'post', populate: POST_POPULATE },
} as const

export type PreviewableUid = keyof typeof PREVIEWABLE

export function isPreviewable(uid: string): uid is PreviewableUid {
  return Object.prototype.hasOwnProperty.call(PREVIEWABLE, uid)
}
