import { Link } from '@remix-run/react'
import type { ResponsiveImage } from './cms-image.ts'
import { RichText } from './rich-text.tsx'
import { ShareLinkButton } from './share-link-button.tsx'

/** What a post's page shows of the post itself (its comments are the page's own). */
export interface PostView {
  title: string
  date: string | null
  dateLabel: string | null
  category: { key: string; name: string } | null
  authorName: string
  cover: ResponsiveImage | null
  /** The sanitised body (postHtml). */
  html: string
}

/**
 * A post as readers see it: back link, category, title, author, Jalali date, share button,
 * cover and body. The post page draws it above the comments; the cms admin's preview draws a
 * draft with it.
 */
export function PostArticle({ post }: { post: PostView }) {
  return (
    <article className="flex flex-col gap-6">
      <nav aria-label="مسیر">
        <Link
          to="/blog"
          className="inline-flex items-center gap-1 text-sm font-semibold text-teal-800 hover:text-teal-950"
        >
          <span aria-hidden="true">→</span>
          بازگشت به وبلاگ
        </Link>
      </nav>
      <header className="flex flex-col gap-4 border-b border-slate-200 pb-6">
        {post.category ? (
          <Link
            to={`/blog?category=${encodeURIComponent(post.category.key)}`}
            className="self-start rounded-full bg-teal-50 px-3 py-1 text-xs font-semibold text-teal-800 hover:bg-teal-100"
          >
            {post.category.name}
          </Link>
        ) : null}
        <h1 className="text-3xl leading-tight font-extrabold text-slate-900 sm:text-4xl sm:leading-tight">
          {post.title}
        </h1>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            <span data-testid="post-author">{post.authorName}</span>
            {post.date && post.dateLabel ? (
              <>
                <span aria-hidden="true">·</span>
                <time dateTime={post.date}>{post.dateLabel}</time>
              </>
            ) : null}
          </p>
          <ShareLinkButton />
        </div>
      </header>
      {post.cover ? (
        <img
          {...post.cover}
          sizes="(min-width: 48rem) 46rem, calc(100vw - 2rem)"
          className="aspect-video w-full rounded-2xl bg-slate-100 object-cover"
          data-testid="post-cover"
        />
      ) : null}
      <RichText html={post.html} variant="post" data-testid="post-content" />
    </article>
  )
}
