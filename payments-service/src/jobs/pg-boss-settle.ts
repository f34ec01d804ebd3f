import type { EventEmitter } from 'node:events'
import { createRequire } from 'node:module'

/**
 * pg-boss 10.4.2 records a job's end (done or failed) after its handler returns without awaiting
 * the write (`watch` → `onFetch` in its src/manager.js). While PostgreSQL restarts that write
 * fails, and the rejection nobody handles ends the whole process: one database restart took a
 * pod down. Here every such write hands its failure to the engine's 'error' event instead (the
 * engine logs it). The job stays active, and another worker takes it when its lease ends: the
 * at-least-once run the engine promises anyway (ADR 032). Remove once pg-boss awaits the write.
 */

type Settle = (this: EventEmitter, ...args: unknown[]) => Promise<unknown>

/** pg-boss's internal job manager (the package types only its public API). */
export const PgBossManager = createRequire(import.meta.url)('pg-boss/src/manager.js') as {
  prototype: object
}
const PATCHED = Symbol.for('arzpol.pg-boss-settle')

const prototype = PgBossManager.prototype as unknown as Record<'complete' | 'fail', Settle> & {
  [PATCHED]?: true
}

export function reportUnawaitedSettles(): void {
  if (prototype[PATCHED]) return
  prototype[PATCHED] = true
  for (const name of ['complete', 'fail'] as const) {
    const original = prototype[name]
    // Under its own name: pg-boss publishes its manager's methods on the engine by name.
    const wrapped: Record<string, Settle> = {
      [name](this: EventEmitter, ...args: unknown[]) {
        const written = original.apply(this, args)
        // Callers that await still get the rejection; the one that does not no longer crashes.
        written.catch((error: unknown) => this.emit('error', error))
        return written
      },
    }
    prototype[name] = wrapped[name] as Settle
  }
}
