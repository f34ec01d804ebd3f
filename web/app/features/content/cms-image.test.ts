import { fc, test } from '@fast-check/vitest'
import { describe, expect, it } from 'vitest'
import { imageAlt, mediaUrl, responsiveImage } from './cms-image.ts'

const CMS = 'http://cms.test:1337'

const cover = {
  url: '/uploads/toefl_cover_1a2b.jpg',
  name: 'toefl-cover.jpg',
  alternativeText: 'داوطلب در حال پرداخت هزینهٔ آزمون تافل با کارت',
  width: 1600,
  height: 900,
  formats: {
    thumbnail: { url: '/uploads/thumbnail_toefl_cover_1a2b.jpg', width: 245, height: 138 },
    small: { url: '/uploads/small_toefl_cover_1a2b.jpg', width: 500, height: 281 },
    medium: { url: '/uploads/medium_toefl_cover_1a2b.jpg', width: 750, height: 422 },
    large: { url: '/uploads/large_toefl_cover_1a2b.jpg', width: 1000, height: 563 },
  },
}

describe('a cms image on our pages', () => {
  it('offers every size the cms made, smallest first, with its own size and the editor’s alt text', () => {
    expect(responsiveImage(cover, CMS)).toEqual({
      src: `${CMS}/uploads/toefl_cover_1a2b.jpg`,
      srcSet: [
        `${CMS}/uploads/thumbnail_toefl_cover_1a2b.jpg 245w`,
        `${CMS}/uploads/small_toefl_cover_1a2b.jpg 500w`,
        `${CMS}/uploads/medium_toefl_cover_1a2b.jpg 750w`,
        `${CMS}/uploads/large_toefl_cover_1a2b.jpg 1000w`,
        `${CMS}/uploads/toefl_cover_1a2b.jpg 1600w`,
      ].join(', '),
      width: 1600,
      height: 900,
      alt: 'داوطلب در حال پرداخت هزینهٔ آزمون تافل با کارت',
    })
  })

  it('a file name is no description: the image then only decorates', () => {
    expect(imageAlt({ name: 'IMG_2041.jpg', alternativeText: 'IMG_2041.jpg' })).toBe('')
    expect(imageAlt({ name: 'IMG_2041.jpg', alternativeText: 'IMG_2041' })).toBe('')
    expect(imageAlt({ name: 'IMG_2041.jpg', alternativeText: null })).toBe('')
    expect(imageAlt({ name: 'IMG_2041.jpg', alternativeText: ' رسید بانک ' })).toBe('رسید بانک')
  })

  it('no cover, a cover without its size, or one at a hostile address draws nothing', () => {
    expect(responsiveImage(null, CMS)).toBeNull()
    expect(responsiveImage({ ...cover, width: null }, CMS)).toBeNull()
    expect(responsiveImage({ ...cover, url: 'javascript:alert(1)' }, CMS)).toBeNull()
    expect(responsiveImage({ ...cover, url: '//evil.example/x.jpg' }, CMS)).toBeNull()
    // A size at a hostile address is left out; the rest stand.
    const mixed = {
      ...cover,
      formats: { ...cover.formats, small: { url: 'data:image/svg+xml,<svg>', width: 500 } },
    }
    expect(responsiveImage(mixed, CMS)?.srcSet).not.toContain('data:')
  })

  test.prop([fc.string()])(
    'an address is the cms’s own upload or a web address, nothing else',
    (url) => {
      const result = mediaUrl(url, CMS)
      if (result !== null) expect(result).toMatch(/^https?:\/\//i)
    },
  )
})
