import { useIntl } from 'react-intl'

/** The hook Strapi's content manager runs over a list view's columns before drawing them. */
export const LIST_COLUMNS_HOOK = 'Admin/CM/pages/ListView/inject-column-in-table'

interface Column {
  name: string
  attribute?: { type?: string }
  cellFormatter?: unknown
}

interface ListColumns {
  displayedHeaders: Column[]
  layout: unknown
}

/** A choice as the edit view names it: its value looked up as a message (choice-labels.ts). */
function Choice({ value }: { value: unknown }) {
  const { formatMessage } = useIntl()
  if (typeof value !== 'string' || value === '') return <span>-</span>
  return <span>{formatMessage({ id: value, defaultMessage: value })}</span>
}

/**
 * Strapi's list view prints an enumeration's stored value as it is («pending»), while its edit
 * view names it («در انتظار بررسی»): the moderator's queue would read in English. Every
 * enumeration column is drawn the edit view's way instead.
 */
export function nameChoicesInLists({ displayedHeaders, layout }: ListColumns): ListColumns {
  return {
    layout,
    displayedHeaders: displayedHeaders.map((column) =>
      column.attribute?.type === 'enumeration' && column.cellFormatter === undefined
        ? {
            ...column,
            cellFormatter: (row: Record<string, unknown>) => <Choice value={row[column.name]} />,
          }
        : column,
    ),
  }
}
