import { toPersianDigits } from '@arzpol/contracts'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useNavigate, useNavigation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import {
  categoriesOf,
  filterPosts,
  getBlogPosts,
  postSummary,
} from '~/features/content/cms-blog.server.ts'
import { BlogSkeleton, EMPTY_MESSAGE, PostCard } from '~/features/content/post-card.tsx'
import { socialMeta } from '~/features/content/seo.ts'

/**
 * The blog list (docs/product/blog-and-comments.md): search over titles and bodies, a category
 * sidebar with "all", the number of posts, a four-card skeleton while a search or filter loads, and
 * the empty message. Filtering happens on the server from `?q=&category=`, so links, reloads and
 * browsers without JavaScript get the same list; with JavaScript the search runs as the visitor
 * types.
 */

const MAX_QUERY_LENGTH = 200

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH)
  const category = url.searchParams.get('category')?.trim() || null
  // null: the cms is down and web has no copy; the empty list shows (logged already).
  const all = (await getBlogPosts()) ?? []
  const posts = filterPosts(all, { q, category })
  return {
    q,
    category,
    countLabel: `${toPersianDigits(posts.length)} مطلب`,
    categories: [
      { key: null, name: 'همه', countLabel: toPersianDigits(all.length) },
      ...categoriesOf(all).map((c) => ({
        key: c.key,
        name: c.name,
        countLabel: toPersianDigits(c.count),
      })),
    ],
    posts: posts.map((post) => ({ ...postSummary(post), category: post.category?.name ?? null })),
  }
}

function listUrl(q: string, category: string | null) {
  const params = new URLSearchParams()
  if (q) params.set('q', q)
  if (category) params.set('category', category)
  const query = params.toString()
  return query ? `/blog?${query}` : '/blog'
}

const SEARCH_DELAY_MS = 300

export default function BlogList() {
  const { q, category, countLabel, categories, posts } = useLoaderData<typeof loader>()
  const navigation = useNavigation()
  const navigate = useNavigate()
  const searchRef = useRef<HTMLInputElement>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/blog'

  // Back/forward and category links change `q` without typing: show it unless the visitor is
  // typing in the box right now.
  useEffect(() => {
    const input = searchRef.current
    if (input && document.activeElement !== input) input.value = q
  }, [q])
  useEffect(() => () => clearTimeout(timer.current), [])

  /** Without JavaScript the GET form does the same, with an empty `q=` in the address. */
  function search({ replace }: { replace: boolean }) {
    const target = listUrl(searchRef.current?.value.trim() ?? '', category)
    const current = listUrl(q, category)
    if (target !== current) void navigate(target, { replace, preventScrollReset: true })
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10">
      <header className="mb-8 flex flex-col gap-2">
        <h1 className="text-3xl font-extrabold text-slate-900">وبلاگ ارزپل</h1>
        <p className="leading-8 text-slate-600">
          راهنمای پرداخت‌های ارزی، آزمون‌های بین‌المللی، درآمد فریلنسری و هزینه‌های مهاجرت.
        </p>
      </header>

      <div className="flex flex-col gap-8 lg:flex-row">
        <aside className="lg:w-64 lg:shrink-0">
          <nav
            aria-label="دسته‌بندی‌های وبلاگ"
            className="rounded-2xl border border-slate-200 bg-white p-4 lg:sticky lg:top-22"
          >
            <h2 className="mb-3 text-sm font-bold text-slate-500">دسته‌بندی‌ها</h2>
            <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-1">
              {categories.map((item) => {
                const active = item.key === category
                return (
                  <li key={item.key ?? ''}>
                    <Link
                      to={listUrl(q, item.key)}
                      aria-current={active ? 'page' : undefined}
                      preventScrollReset
                      className={`flex items-center justify-between gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
                        active ? 'bg-teal-700 text-white' : 'text-slate-700 hover:bg-slate-100'
                      }`}
                    >
                      <span>{item.name}</span>
                      <span
                        className={`rounded-full px-2 text-xs ${active ? 'bg-white/20' : 'bg-slate-100 text-slate-500'}`}
                      >
                        {item.countLabel}
                      </span>
                    </Link>
                  </li>
                )
              })}
            </ul>
          </nav>
        </aside>

        <section aria-labelledby="blog-results" className="flex min-w-0 flex-1 flex-col gap-5">
          <Form
            method="get"
            action="/blog"
            role="search"
            preventScrollReset
            className="flex gap-2"
            onChange={() => {
              // Search as the visitor types; one history entry for the whole word.
              clearTimeout(timer.current)
              timer.current = setTimeout(() => search({ replace: true }), SEARCH_DELAY_MS)
            }}
            onSubmit={(event) => {
              event.preventDefault()
              clearTimeout(timer.current)
              search({ replace: false })
            }}
          >
            <label htmlFor="blog-search" className="sr-only">
              جستجو در وبلاگ
            </label>
            <input
              ref={searchRef}
              id="blog-search"
              type="search"
              name="q"
              defaultValue={q}
              maxLength={MAX_QUERY_LENGTH}
              placeholder="جستجو در عنوان و متن مطالب…"
              className="w-full rounded-xl border border-slate-300 bg-white px-4 py-3 text-base text-slate-900 shadow-xs outline-none placeholder:text-slate-400 focus:border-teal-600 focus:ring-3 focus:ring-teal-600/20"
            />
            {category ? <input type="hidden" name="category" value={category} /> : null}
            <button
              type="submit"
              className="shrink-0 rounded-xl bg-teal-700 px-5 py-3 font-semibold text-white hover:bg-teal-800"
            >
              جستجو
            </button>
          </Form>

          <h2 id="blog-results" className="sr-only">
            مطالب
          </h2>
          <p className="text-sm font-medium text-slate-600" aria-live="polite">
            {countLabel}
          </p>

          {loading ? (
            <BlogSkeleton />
          ) : posts.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center text-slate-600">
              {EMPTY_MESSAGE}
            </p>
          ) : (
            <ul className="grid gap-5 sm:grid-cols-2">
              {posts.map((post) => (
                <li key={post.id} className="flex">
                  <PostCard post={post} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  )
}

const BLOG_TITLE = 'وبلاگ | ارزپل'
const BLOG_DESCRIPTION =
  'مقاله‌ها و راهنماهای ارزپل درباره پرداخت ارزی، ثبت‌نام آزمون‌های بین‌المللی، نقد کردن درآمد فریلنسری و هزینه‌های ویزا.'

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data?.q ? `جستجوی «${data.q}» در وبلاگ | ارزپل` : BLOG_TITLE },
  { name: 'description', content: BLOG_DESCRIPTION },
  ...(data?.q || data?.category ? [{ name: 'robots', content: 'noindex, follow' }] : []),
  ...socialMeta(matches, { path: '/blog', title: BLOG_TITLE, description: BLOG_DESCRIPTION }),
]

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary.tsx'
