import type pg from 'pg'
import { ChangeNotice } from '../models/change-notice.ts'
import type { BusDeps } from './bus-deps.ts'
import { dispatch, onNotification, tellStopped } from './bus-fan-out.ts'

// The bus's one listening connection: opened by `start`, checked by a ping, reopened with a
// backoff after a failure, closed by `stop`.

/** `start`: starts listening (and keeps at it until `stop`). */
export function start(deps: BusDeps): void {
  if (deps.running) return
  deps.running = true
  deps.attempt += 1
  void connect(deps, deps.attempt)
}

/** `stop`: stops listening; subscribers that asked to hear it end. */
export async function stop(deps: BusDeps): Promise<void> {
  if (!deps.running) return
  deps.running = false
  deps.attempt += 1
  clearTimeout(deps.retryTimer)
  teardown(deps)
  tellStopped(deps)
}

/** `ready`: resolves once the bus listens (the next time, when it is reconnecting). */
export function ready(deps: BusDeps): Promise<void> {
  if (deps.client && deps.running) return Promise.resolve()
  return new Promise((resolve) => deps.waiting.push(resolve))
}

async function connect(deps: BusDeps, current: number) {
  const { db, logger } = deps
  let opened: pg.Client | undefined
  try {
    opened = await ChangeNotice.openListener(db)
    if (current !== deps.attempt) {
      await ChangeNotice.close(db, opened)
      return
    }
    deps.client = opened
    opened.on('notification', (message) => onNotification(deps, message))
    opened.on('error', (error) => lost(deps, current, error))
    opened.on('end', () => lost(deps, current, new Error('connection ended')))
    deps.backoffMs = deps.minBackoffMs
    deps.pingTimer = setInterval(() => void ping(deps, current, opened as pg.Client), deps.pingMs)
    deps.pingTimer.unref()
    if (deps.everConnected) logger.warn('change bus listening again; every copy dropped')
    else logger.info('change bus listening')
    deps.everConnected = true
    // Notices sent while nobody listened here are gone: everything counts as changed.
    dispatch(deps, { type: 'resync' })
    const resolved = deps.waiting
    deps.waiting = []
    for (const resolve of resolved) resolve()
  } catch (error) {
    if (opened && current === deps.attempt) await ChangeNotice.close(db, opened)
    lost(deps, current, error)
  }
}

async function ping(deps: BusDeps, current: number, listening: pg.Client) {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('ping timed out')), Math.max(1_000, deps.pingMs))
  })
  try {
    await Promise.race([ChangeNotice.ping(listening), timeout])
  } catch (error) {
    lost(deps, current, error)
  } finally {
    clearTimeout(timer)
  }
}

/** The connection of attempt `current` failed: drop it and try again after the backoff. */
function lost(deps: BusDeps, current: number, error: unknown) {
  if (current !== deps.attempt || !deps.running) return
  deps.attempt += 1
  teardown(deps)
  const delay = deps.backoffMs * (0.8 + Math.random() * 0.4)
  deps.backoffMs = Math.min(deps.backoffMs * 2, deps.maxBackoffMs)
  deps.logger.warn(
    { err: error, retryInMs: Math.round(delay) },
    'change bus connection lost; changes made meanwhile count once it is back',
  )
  const next = deps.attempt
  deps.retryTimer = setTimeout(() => void connect(deps, next), delay)
  deps.retryTimer.unref()
}

function teardown(deps: BusDeps) {
  clearInterval(deps.pingTimer)
  deps.pingTimer = undefined
  const old = deps.client
  deps.client = undefined
  if (old) {
    old.removeAllListeners('notification')
    // Errors of a connection we are leaving are expected (it may be dead already).
    old.removeAllListeners('error')
    old.on('error', () => undefined)
    void ChangeNotice.close(deps.db, old)
  }
}
