import type { TierPageContent } from '~/features/site/public-pages.ts'
import { COMPLEXITY_LABELS } from '~/features/site/public-pages.ts'
import { LinkCard } from '~/components/ui/card.tsx'
import { Section } from '~/components/ui/section.tsx'
import { Table } from '~/components/ui/table.tsx'
import { CtaBanner, FaqSection, PageHero, StepList } from './blocks.tsx'

/**
 * /services/base, /services/intermediate and /services/specialized (docs/product/site.md): one
 * layout whose sections appear when the cms gives them content, in the product's order (steps and
 * documents, then the cards, then the comparison table, FAQ and the closing banner).
 */
export function TierPage({ page }: { page: TierPageContent }) {
  return (
    <>
      <PageHero hero={page.hero} eyebrow={page.title} />
      {page.steps.length ? (
        <Section id="steps" title={page.stepsTitle ?? 'مراحل'} tone="white">
          <StepList steps={page.steps} />
        </Section>
      ) : null}
      {page.documents.length ? (
        <Section id="documents" title={page.documentsTitle ?? 'مدارک لازم'}>
          <ul className="grid gap-3 sm:grid-cols-2">
            {page.documents.map((document) => (
              <li
                key={document}
                className="flex items-start gap-3 rounded-xl bg-white px-4 py-3 leading-7 text-slate-800 ring-1 ring-slate-200"
              >
                <svg
                  viewBox="0 0 24 24"
                  aria-hidden="true"
                  className="mt-1 size-5 shrink-0 text-teal-700"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                >
                  <path d="m5 12 5 5 9-10" />
                </svg>
                {document}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      {page.cards.length ? (
        <Section id="cards" title={page.cardsTitle ?? page.title}>
          <ul
            className={`grid gap-5 ${page.cards.length === 2 ? 'md:grid-cols-2' : 'sm:grid-cols-2 lg:grid-cols-4'}`}
          >
            {page.cards.map((card) => (
              <LinkCard key={card.title} card={card} />
            ))}
          </ul>
        </Section>
      ) : null}
      {page.comparison.length ? (
        <Section id="comparison" title={page.comparisonTitle ?? 'مقایسه خدمات'} tone="white">
          <Table
            caption={page.comparisonTitle ?? 'مقایسه خدمات'}
            columns={['خدمت', 'مدارک لازم', 'زمان تقریبی', 'پیچیدگی']}
            rows={page.comparison.map((row) => ({
              key: row.service,
              cells: [row.service, row.documents, row.time, COMPLEXITY_LABELS[row.complexity]],
            }))}
          />
        </Section>
      ) : null}
      {page.faq ? <FaqSection faq={page.faq} /> : null}
      {page.closing ? <CtaBanner cta={page.closing} id="closing" /> : null}
    </>
  )
}
