import type { ReactNode } from 'react'

/**
 * A data table with a caption and column headers. On narrow screens it scrolls sideways inside a
 * focusable region (keyboard users can scroll it too).
 */
export function Table({
  caption,
  columns,
  rows,
}: {
  caption: string
  columns: string[]
  /** The first cell of each row is its header. */
  rows: { key: string; cells: ReactNode[] }[]
}) {
  return (
    <div
      className="overflow-x-auto rounded-2xl border border-slate-200 bg-white"
      role="region"
      aria-label={`جدول ${caption}`}
      tabIndex={0}
    >
      <table className="w-full min-w-[36rem] border-collapse text-start text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-100 text-slate-800">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 text-start font-bold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-t border-slate-200">
              {row.cells.map((cell, index) =>
                index === 0 ? (
                  <th
                    key={index}
                    scope="row"
                    className="px-4 py-3 text-start font-semibold text-slate-900"
                  >
                    {cell}
                  </th>
                ) : (
                  <td key={index} className="px-4 py-3 leading-7 text-slate-700">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
