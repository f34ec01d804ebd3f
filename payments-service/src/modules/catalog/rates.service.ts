import { ttlCache } from '../../lib/ttl-cache.ts'
import type { Currency } from '@arzpol/contracts/catalog/currencies'
import { dropOnCatalogChange } from './catalog-changes.ts'
import {
  allCurrentRates,
  currentRate,
  loadCurrentRates,
  type CurrentRate,
} from './current-rates.ts'
import type { RateContext, RateServiceDeps } from './rate-deps.ts'
import { rateHistory, type RateHistoryRow } from './rate-history.ts'
import type { ProposalExecutor } from '../approvals/approval-deps.ts'
import { setApprovedRate, setRate, type RateSet, type SetRateInput } from './set-rate.ts'

export type { CurrentRate } from './current-rates.ts'
export type { RateServiceDeps } from './rate-deps.ts'
export type { RateHistoryRow } from './rate-history.ts'
export type { RateSet, SetRateInput } from './set-rate.ts'

/**
 * Current buy rates, held in memory. The quote endpoint is called on every keystroke (debounced by
 * 400 ms, docs/product/orders.md), so it must not cost a database round trip: all current rates are
 * read in one query and kept for `ttlSeconds` (lib/ttl-cache.ts: one reload shared by concurrent
 * readers, the previous rates served while the database is briefly away). A rate set through this
 * instance invalidates its cache at once; the change bus (ADR 033) tells every other instance when
 * the change commits, and the TTL is the net under it. Orders lock whatever rate the cache gives at
 * creation, unless their quote token holds another.
 */
export interface RateService {
  current(currency: Currency): Promise<CurrentRate | undefined>
  all(): Promise<CurrentRate[]>
  history(currency: Currency, limit: number): Promise<RateHistoryRow[]>
  /** The rate set, or the proposal of a change beyond the safety limit (ADR 039). */
  set(input: SetRateInput): Promise<RateSet>
  /** Drops the cached copy (tests, and after `set`). */
  invalidate(): void
  /** How an approved rate-change proposal is carried out. */
  executors: { rate_change: ProposalExecutor }
}

export function createRateService(deps: RateServiceDeps): RateService {
  const rates = ttlCache(() => loadCurrentRates(deps.db), deps)
  if (deps.changes) dropOnCatalogChange(deps.changes, rates)
  const context: RateContext = { ...deps, rates }

  return {
    current: (currency) => currentRate(rates, currency),
    all: () => allCurrentRates(rates),
    history: (currency, limit) => rateHistory(deps.db, currency, limit),
    set: setRate.bind(null, context),
    invalidate: () => rates.invalidate(),
    executors: { rate_change: setApprovedRate(context) },
  }
}
