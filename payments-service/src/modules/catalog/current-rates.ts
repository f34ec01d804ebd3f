import type { Knex } from 'knex'
import { readFrom, type TtlCache } from '../../lib/ttl-cache.ts'
import { Rate } from '../../models/rate.model.ts'
import { CURRENCIES, type Currency } from '@arzpol/contracts/catalog/currencies'

export interface CurrentRate {
  currency: Currency
  buy_rate_irr: number
  updated_at: Date
  /**
   * The catalog version of the copy this rate came from (ADR 033): a quote token carries it, so
   * create can tell a quote made from an out-of-date copy. Never part of an answer.
   */
  catalogVersion: number
}

/** All current rates as read in one query, kept in memory (rates.service.ts). */
export interface RateCopy {
  version: number
  rates: Map<Currency, CurrentRate>
}

export async function loadCurrentRates(db: Knex): Promise<RateCopy> {
  const { version, rows } = await Rate.currentOfEachWithVersion(db)
  const rates = new Map(
    rows.map((row) => [
      row.currency,
      {
        currency: row.currency,
        buy_rate_irr: row.buy_rate_irr,
        updated_at: row.created_at,
        catalogVersion: version,
      },
    ]),
  )
  return { version, rates }
}

export function currentRate(
  rates: TtlCache<RateCopy>,
  currency: Currency,
): Promise<CurrentRate | undefined> {
  return readFrom(rates, (copy) => copy.rates.get(currency))
}

/** Every currency that has a rate, in the catalogue's order. */
export function allCurrentRates(rates: TtlCache<RateCopy>): Promise<CurrentRate[]> {
  return readFrom(rates, (copy) =>
    CURRENCIES.flatMap((currency) => {
      const rate = copy.rates.get(currency)
      return rate ? [rate] : []
    }),
  )
}
