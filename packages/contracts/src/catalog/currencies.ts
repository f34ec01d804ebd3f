import type { Currency } from '../value-sets.ts'

/** The rate table's currencies (a column value set) and the subset orders take. */
export { CURRENCIES, type Currency } from '../value-sets.ts'
export { ORDER_CURRENCIES, type OrderCurrency } from '../orders.ts'

/** How a currency is named in Persian texts ("حداقل مبلغ … ۵۰ دلار است"). */
export const CURRENCY_NAMES_FA: Record<Currency, string> = {
  USD: 'دلار',
  EUR: 'یورو',
  GBP: 'پوند',
  TRY: 'لیر',
  AED: 'درهم',
}

/** charge: the customer pays rials through a gateway; payout: the customer receives rials. */
export type Direction = 'charge' | 'payout'

/** Basis points (1/100 of a percent) of the rial subtotal, plus a fixed number of rials. */
export interface FeeSchedule {
  bps: number
  fixed_irr: number
}
