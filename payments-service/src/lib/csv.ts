/**
 * CSV for spreadsheets (UTF-8 with a BOM, CRLF): a cell that starts like a formula is prefixed
 * with an apostrophe, so a value someone typed never runs as a formula when the file is opened.
 */
export function csvOf<C extends string>(
  columns: readonly C[],
  rows: ReadonlyArray<Partial<Record<C, unknown>>>,
  /** The header row's words per column (for people); the column names themselves without it. */
  headers?: Readonly<Record<C, string>>,
): string {
  const cell = (value: unknown) => {
    let text = value === null || value === undefined ? '' : String(value)
    if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
  }
  const lines = [
    columns.map((column) => cell(headers ? headers[column] : column)).join(','),
    ...rows.map((row) => columns.map((column) => cell(row[column])).join(',')),
  ]
  return `\uFEFF${lines.join('\r\n')}\r\n`
}
