import { Link } from '@remix-run/react'
import type { PostSummary } from './posts.ts'

/** 'no posts match the filters yet' (docs/product/blog-and-comments.md). */
export const EMPTY_MESSAGE = 'هنوز مطلبی مطابق این فیلترها وجود ندارد.'

/** A card names the post's category without linking it: its name is all the list sends. */
export interface PostCardData extends Omit<PostSummary, 'category'> {
  category: string | null
}

export function PostCard({ post }: { post: PostCardData }) {
  return (
    <article className="relative flex w-full flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 transition-shadow focus-within:ring-2 focus-within:ring-teal-600 hover:shadow-md">
      {post.cover ? (
        <img
          {...post.cover}
          sizes="(min-width: 40rem) 22rem, calc(100vw - 4.5rem)"
          loading="lazy"
          decoding="async"
          className="aspect-video w-full rounded-xl bg-slate-100 object-cover"
          data-testid="post-card-cover"
        />
      ) : null}
      <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
        {post.category ? (
          <span className="rounded-full bg-teal-50 px-2.5 py-1 font-semibold text-teal-800">
            {post.category}
          </span>
        ) : null}
        {post.date && post.dateLabel ? <time dateTime={post.date}>{post.dateLabel}</time> : null}
      </div>
      <h3 className="text-lg leading-8 font-bold text-slate-900">
        {/* The whole card is the link's target area; the title is its accessible name. */}
        <Link
          to={post.path}
          className="outline-none after:absolute after:inset-0 after:rounded-2xl"
        >
          {post.title}
        </Link>
      </h3>
      {post.excerpt ? (
        <p className="line-clamp-3 text-sm leading-7 text-slate-600">{post.excerpt}</p>
      ) : null}
      <p className="mt-auto text-xs text-slate-500">{post.authorName}</p>
    </article>
  )
}

/** Four skeleton cards stand in for the list while it loads. */
export function BlogSkeleton() {
  return (
    <ul
      className="grid gap-5 sm:grid-cols-2"
      aria-busy="true"
      aria-label="در حال بارگذاری مطالب"
      data-testid="blog-skeleton"
    >
      {[0, 1, 2, 3].map((index) => (
        <li
          key={index}
          className="flex animate-pulse flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5"
          data-testid="blog-skeleton-card"
        >
          <div className="h-5 w-24 rounded-full bg-slate-200" />
          <div className="h-6 w-4/5 rounded bg-slate-200" />
          <div className="h-4 w-full rounded bg-slate-100" />
          <div className="h-4 w-2/3 rounded bg-slate-100" />
        </li>
      ))}
    </ul>
  )
}
