import { cx } from './cx.ts'

export interface Stat {
  value: string
  label: string
}

/** Figures with their labels, as a description list (the label describes the value). */
export function StatBlock({ stats, tone = 'light' }: { stats: Stat[]; tone?: 'light' | 'dark' }) {
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {stats.map((stat) => (
        <div
          key={stat.label}
          className={cx(
            'flex flex-col-reverse items-center gap-1 rounded-2xl px-4 py-6 text-center',
            tone === 'dark' ? 'bg-teal-800 text-white' : 'bg-white ring-1 ring-slate-200',
          )}
        >
          <dt className={cx('text-sm', tone === 'dark' ? 'text-teal-50' : 'text-slate-600')}>
            {stat.label}
          </dt>
          <dd
            className={cx(
              'text-2xl font-extrabold sm:text-3xl',
              tone === 'dark' ? 'text-white' : 'text-teal-800',
            )}
          >
            {stat.value}
          </dd>
        </div>
      ))}
    </dl>
  )
}
