export interface FaqItem {
  question: string
  answer: string
}

/**
 * Questions and answers as native disclosures (`<details>`): they open and close without
 * JavaScript, by keyboard too, and browsers find text inside closed ones.
 */
export function FaqList({ items }: { items: FaqItem[] }) {
  return (
    <div className="flex flex-col gap-3">
      {items.map((item) => (
        <details
          key={item.question}
          className="group rounded-2xl border border-slate-200 bg-white open:shadow-xs"
        >
          <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-teal-600 [&::-webkit-details-marker]:hidden">
            {item.question}
            <svg
              viewBox="0 0 24 24"
              aria-hidden="true"
              className="size-5 shrink-0 text-teal-700 transition-transform group-open:rotate-180"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              <path d="m6 9 6 6 6-6" />
            </svg>
          </summary>
          <p className="px-5 pb-5 leading-8 text-slate-700">{item.answer}</p>
        </details>
      ))}
    </div>
  )
}
