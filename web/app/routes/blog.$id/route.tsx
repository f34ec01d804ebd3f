import { readFormData } from '~/utils/form-data.server.ts'
import { toPersianDigits } from '@arzpol/contracts'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import {
  isRouteErrorResponse,
  useActionData,
  useFetcher,
  useLoaderData,
  useRouteError,
} from '@remix-run/react'
import { ErrorView, GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { PostArticle } from '~/features/content/post-article.tsx'
import { RichText } from '~/features/content/rich-text.tsx'
import {
  findPost,
  getComments,
  postHtml,
  postSummary,
  submitComment,
} from '~/features/content/cms-blog.server.ts'
import { CommentForm } from '~/features/content/comment-form.tsx'
import {
  COMMENT_FETCHER_KEY,
  withOwnComment,
  type CommentActionData,
} from '~/features/content/comments.ts'
import { socialMeta } from '~/features/content/seo.ts'

/**
 * A blog post (docs/product/blog-and-comments.md): title, author, Jalali date, category, back link,
 * share-link button, the comment count, the comment form and the approved comments. An unknown id,
 * or a post the cms cannot give (and web has no copy of), is the not-found view with HTTP 404.
 */

function notFound(): never {
  throw new Response('Not Found', { status: 404 })
}

async function requirePost(id: string | undefined) {
  const lookup = await findPost(id ?? '')
  if (lookup.kind === 'moved') throw redirect(lookup.post.path, 301)
  if (lookup.kind === 'missing') notFound()
  return lookup.post
}

export async function loader({ params }: LoaderFunctionArgs) {
  const post = await requirePost(params.id)
  const comments = await getComments(post.id)
  return {
    post: { ...postSummary(post), html: postHtml(post) },
    comments,
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const post = await requirePost(params.id)
  const form = await readFormData(request)
  const content = form.get('content')
  const { outcome, headers } = await submitComment(
    request,
    post.id,
    typeof content === 'string' ? content : '',
  )
  const status = {
    blank: 400,
    'signed-out': 401,
    failed: 502,
    refused: 400,
    created: 200,
  }[outcome.status]
  // A failed attempt gives the text back, so a page rendered without JavaScript keeps it.
  const keep = outcome.status === 'created' || typeof content !== 'string' ? '' : content
  return data<CommentActionData>({ ...outcome, content: keep }, { status, headers })
}

export default function BlogPost() {
  const { post, comments: listed } = useLoaderData<typeof loader>()
  const posted = useFetcher<CommentActionData>({ key: COMMENT_FETCHER_KEY }).data
  const postedWithoutJavaScript = useActionData<typeof action>()
  const comments = withOwnComment(listed, posted ?? postedWithoutJavaScript)
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-10 px-4 py-10">
      <PostArticle post={post} />

      <section aria-labelledby="comments-heading" className="flex flex-col gap-6">
        <h2 id="comments-heading" className="text-xl font-extrabold text-slate-900">
          دیدگاه‌ها{' '}
          <span className="text-base font-semibold text-slate-500">
            {`(${toPersianDigits(comments.length)} دیدگاه)`}
          </span>
        </h2>
        <CommentForm key={post.id} />
        {comments.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-5 py-8 text-center text-sm text-slate-600">
            هنوز دیدگاهی ثبت نشده است.
          </p>
        ) : (
          <ol className="flex flex-col gap-4" data-testid="comment-list">
            {comments.map((comment) => (
              <li
                key={comment.id}
                className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4"
              >
                <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-500">
                  <span className="font-bold text-slate-800">
                    <bdi>{comment.authorName}</bdi>
                  </span>
                  {comment.date && comment.dateLabel ? (
                    <time dateTime={comment.date}>{comment.dateLabel}</time>
                  ) : null}
                </div>
                <RichText html={comment.html} variant="comment" data-testid="comment-content" />
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? [
        { title: `${data.post.title} | وبلاگ ارزپل` },
        ...(data.post.excerpt ? [{ name: 'description', content: data.post.excerpt }] : []),
        ...socialMeta(matches, {
          path: data.post.path,
          title: data.post.title,
          description: data.post.excerpt,
          image: data.post.cover,
        }),
      ]
    : [{ title: 'مطلب پیدا نشد | ارزپل' }, { name: 'robots', content: 'noindex' }]

/** The not-found view has a heading saying so and a back link. */
function PostNotFound() {
  return (
    <ErrorView title="مطلب مورد نظر پیدا نشد" backTo="/blog" backLabel="بازگشت به وبلاگ">
      <p className="leading-8 text-slate-600">
        ممکن است نشانی اشتباه باشد یا این مطلب دیگر منتشر نشود.
      </p>
    </ErrorView>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <PostNotFound />
  return <GeneralErrorBoundary />
}
