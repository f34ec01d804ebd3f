import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { PageUnavailable } from '~/features/site/page-unavailable.tsx'
import { RichText } from '~/features/content/rich-text.tsx'
import { ButtonLink } from '~/components/ui/button.tsx'
import { getCurrentTerms } from '~/features/content/cms-pages.server.ts'
import type { HydrateHandle } from '~/utils/hydration.ts'
import { pageResponse } from '~/features/site/public-page.server.ts'
import { pageHeaders, SITE_PAGES } from '~/features/site/public-routes.ts'
import { seoMeta } from '~/features/content/seo.ts'

/**
 * /terms (docs/product/site.md): the current version and its date, a table of contents of plain
 * anchor links (they jump without JavaScript), the sections, and the agree button to /register.
 */

export const handle: HydrateHandle = { hydrate: false }

export const headers = pageHeaders

export async function loader() {
  return pageResponse(await getCurrentTerms(), SITE_PAGES.terms)
}

export default function Terms() {
  const { page, title } = useLoaderData<typeof loader>()
  if (!page) return <PageUnavailable title={title} />
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:py-14">
      <header className="flex flex-col gap-3 border-b border-slate-200 pb-8">
        <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">{page.title}</h1>
        <p className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-600">
          <span>
            نسخه <bdi dir="ltr">{page.version}</bdi>
          </span>
          <span>آخرین به‌روزرسانی: {page.updatedLabel}</span>
        </p>
        {page.intro ? <p className="max-w-3xl leading-8 text-slate-700">{page.intro}</p> : null}
      </header>
      <div className="mt-8 grid gap-10 lg:grid-cols-[16rem_1fr]">
        <nav aria-labelledby="toc-title" className="lg:sticky lg:top-24 lg:self-start">
          <h2 id="toc-title" className="mb-3 text-sm font-bold text-slate-900">
            فهرست مطالب
          </h2>
          <ol className="flex flex-col gap-1 rounded-2xl border border-slate-200 bg-white p-3 text-sm">
            {page.sections.map((section, index) => (
              <li key={section.anchor}>
                <a
                  href={`#${section.anchor}`}
                  className="flex gap-2 rounded-lg px-3 py-2 text-slate-700 hover:bg-teal-50 hover:text-teal-900"
                >
                  <span aria-hidden="true" className="text-slate-500">
                    {(index + 1).toLocaleString('fa-IR')}.
                  </span>
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="flex min-w-0 flex-col gap-10">
          {page.sections.map((section, index) => (
            <section
              key={section.anchor}
              id={section.anchor}
              aria-labelledby={`${section.anchor}-title`}
              className="scroll-mt-24"
            >
              <h2
                id={`${section.anchor}-title`}
                className="text-xl font-extrabold text-slate-900 sm:text-2xl"
              >
                {(index + 1).toLocaleString('fa-IR')}. {section.title}
              </h2>
              <RichText html={section.html} variant="post" />
            </section>
          ))}
          <div className="flex flex-col items-start gap-3 rounded-2xl bg-teal-50 p-6">
            <p className="leading-7 text-slate-800">
              با ثبت‌نام در ارزپل، این قوانین و مقررات را می‌پذیرید.
            </p>
            <ButtonLink to="/register" size="lg">
              قوانین را می‌پذیرم و ثبت‌نام می‌کنم
            </ButtonLink>
          </div>
        </div>
      </div>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo)
