import type { ReactNode } from 'react'
import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { FeatureGrid, GlanceStats, StepList } from '~/features/site/blocks.tsx'
import { PageUnavailable } from '~/features/site/page-unavailable.tsx'
import { ButtonLink } from '~/components/ui/button.tsx'
import { Card } from '~/components/ui/card.tsx'
import { Hero, Section } from '~/components/ui/section.tsx'
import { getAboutPage } from '~/features/content/cms-pages.server.ts'
import type { HydrateHandle } from '~/utils/hydration.ts'
import { pageResponse } from '~/features/site/public-page.server.ts'
import { pageHeaders, SITE_PAGES } from '~/features/site/public-routes.ts'
import { seoMeta } from '~/features/content/seo.ts'

/** /about: badges, stats row, mission, vision, three values, how we work, contact. */

export const handle: HydrateHandle = { hydrate: false }

export const headers = pageHeaders

export async function loader() {
  return pageResponse(await getAboutPage(), { ...SITE_PAGES.about, seo: (page) => page.seo })
}

export default function About() {
  const { page, title } = useLoaderData<typeof loader>()
  if (!page) return <PageUnavailable title={title} />
  const contact = page.contact
  return (
    <>
      <Hero title={page.title} subtitle={page.intro}>
        {page.badges.length ? (
          <ul aria-label="ویژگی‌های ارزپل" className="flex flex-wrap gap-2">
            {page.badges.map((badge) => (
              <li
                key={badge}
                className="rounded-full bg-white px-3 py-1.5 text-sm font-semibold text-teal-900 ring-1 ring-teal-200"
              >
                {badge}
              </li>
            ))}
          </ul>
        ) : null}
      </Hero>
      <GlanceStats stats={page.stats} className="pt-4" />
      <div className="mx-auto grid w-full max-w-6xl gap-5 px-4 py-12 md:grid-cols-2">
        <Card as="section" className="flex flex-col gap-3">
          <h2 className="text-2xl font-extrabold text-slate-900">مأموریت ما</h2>
          <p className="leading-8 text-slate-700">{page.mission}</p>
        </Card>
        <Card as="section" className="flex flex-col gap-3">
          <h2 className="text-2xl font-extrabold text-slate-900">چشم‌انداز ما</h2>
          <p className="leading-8 text-slate-700">{page.vision}</p>
        </Card>
      </div>
      {page.values.length ? (
        <Section id="values" title="ارزش‌های ما" tone="white">
          <FeatureGrid items={page.values} />
        </Section>
      ) : null}
      {page.steps.length ? (
        <Section id="how-we-work" title={page.stepsTitle ?? 'ما چگونه کار می‌کنیم'}>
          <StepList steps={page.steps} />
        </Section>
      ) : null}
      <Section
        id="contact"
        title={page.contactTitle ?? 'تماس با ما'}
        intro={page.contactText}
        tone="white"
      >
        {contact ? (
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {contact.supportPhone ? (
              <ContactItem label="تلفن پشتیبانی">
                <ContactLink href={`tel:${contact.supportPhone.replace(/[^\d+۰-۹]/g, '')}`}>
                  {contact.supportPhone}
                </ContactLink>
              </ContactItem>
            ) : null}
            {contact.supportEmail ? (
              <ContactItem label="ایمیل">
                <ContactLink href={`mailto:${contact.supportEmail}`}>
                  {contact.supportEmail}
                </ContactLink>
              </ContactItem>
            ) : null}
            {contact.workingHours ? (
              <ContactItem label="ساعات پاسخ‌گویی">{contact.workingHours}</ContactItem>
            ) : null}
            {contact.address ? <ContactItem label="نشانی">{contact.address}</ContactItem> : null}
          </dl>
        ) : null}
        <ButtonLink to="/dashboard/tickets" className="mt-6">
          ثبت تیکت پشتیبانی
        </ButtonLink>
      </Section>
    </>
  )
}

/** A phone number or an address written left to right, as a link that dials or writes. */
function ContactLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} className="font-semibold text-teal-800 underline-offset-4 hover:underline">
      <bdi dir="ltr">{children}</bdi>
    </a>
  )
}

function ContactItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 rounded-xl bg-slate-50 px-4 py-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo)
