import type { FakeCms, FakeComment, FakePost } from './fake-cms.ts'
import { paragraphs } from './fake-cms.ts'

/** A small blog in the cms's shapes (cms/src/seed/data/blog.ts has the real one). */
export function samplePosts(): FakePost[] {
  return [
    {
      id: 2,
      documentId: 'toefl-doc',
      title: 'راهنمای کامل ثبت‌نام و پرداخت هزینه آزمون تافل',
      slug: 'toefl-registration-guide',
      excerpt: 'همه مراحل ثبت‌نام TOEFL بدون کارت بین‌المللی.',
      content: [
        {
          type: 'paragraph',
          children: [{ type: 'text', text: 'پاسپورتی که دست‌کم ۶ ماه اعتبار داشته باشد' }],
        },
        {
          type: 'paragraph',
          children: [
            {
              type: 'link',
              url: 'https://www.ets.org/',
              children: [{ type: 'text', text: 'سایت ETS' }],
            },
          ],
        },
      ],
      date: '2026-10-28T08:30:00.000Z',
      category: { id: 2, documentId: 'c2', name: 'آزمون و تحصیل', slug: 'exams-and-education' },
      author: { id: 2, documentId: 'a2', name: 'سارا محمدی', slug: 'sara-mohammadi' },
    },
    {
      id: 6,
      documentId: 'freelance-doc',
      title: 'چطور درآمد فریلنسری را به ریال نقد کنیم؟',
      // A Persian slug, as the cms makes from a Persian title.
      slug: 'نقد-کردن-درآمد-فریلنسری',
      cover: {
        url: '/uploads/freelance_cover.jpg',
        name: 'freelance-cover.jpg',
        alternativeText: 'فریلنسر پشت لپ‌تاپ با فاکتور دلاری',
        width: 1200,
        height: 675,
        formats: { small: { url: '/uploads/small_freelance_cover.jpg', width: 500, height: 281 } },
      },
      excerpt: 'سه مرحله ساده برای تبدیل درآمد ارزی.',
      content: paragraphs('درآمد پی‌پال و وایز را با نرخ روز تسویه کنید.'),
      date: '2026-11-05T10:15:00.000Z',
      category: { name: 'فریلنسری و درآمد ارزی', slug: 'freelancing' },
      author: null,
    },
    {
      id: 8,
      documentId: 'adobe-doc',
      title: 'خرید اشتراک Adobe Creative Cloud از ایران',
      slug: 'adobe-subscription-payment',
      excerpt: null,
      content: paragraphs('اشتراک سالانه فتوشاپ را تمدید کنید.'),
      date: '2026-08-21T09:00:00.000Z',
      category: { name: 'راهنمای پرداخت', slug: 'payment-guides' },
      author: { name: 'تیم تحریریه ارزپل' },
    },
  ]
}

/** A comment on a post (by its documentId) as the cms stores it: approved unless `more` says so. */
export function comment(
  id: number,
  post: string,
  content: string,
  more: Partial<FakeComment> = {},
): FakeComment {
  return {
    id,
    documentId: `c-${id}`,
    post,
    content,
    authorUsername: 'x',
    moderationStatus: 'approved',
    createdAt: '2026-11-01T00:00:00.000Z',
    ...more,
  }
}

export function seedBlog(cms: FakeCms) {
  cms.posts = samplePosts()
  cms.comments = [
    comment(1, 'toefl-doc', 'ممنون از راهنمای کامل.', {
      authorUsername: 'mahsa_k',
      createdAt: '2026-10-29T04:30:00.000Z',
    }),
    comment(2, 'toefl-doc', 'برای Home Edition هم همین مدارک لازم است؟', {
      authorUsername: '09351112233',
      createdAt: '2026-10-30T04:30:00.000Z',
    }),
    comment(3, 'toefl-doc', 'تبلیغ! http://spam.example http://spam.example http://spam.example', {
      authorUsername: 'spammer',
      moderationStatus: 'spam',
      createdAt: '2026-10-31T04:30:00.000Z',
    }),
  ]
}
