import { CHANGE_CHANNEL, parseChangeEvent, type ChangeEvent } from '@arzpol/contracts/changes'
import type pg from 'pg'
import type { BusDeps, ChangeListener } from './bus-deps.ts'

// The bus's subscribers: each hears every event, and a failing one does not stop the others.

/** `subscribe`: `listener` hears every event until the returned function is called. */
export function subscribe(
  deps: BusDeps,
  listener: ChangeListener,
  onStop?: () => void,
): () => void {
  deps.subscribers.set(listener, onStop)
  return () => {
    deps.subscribers.delete(listener)
  }
}

export function dispatch(deps: BusDeps, event: ChangeEvent): void {
  for (const listener of [...deps.subscribers.keys()]) {
    try {
      listener(event)
    } catch (error) {
      deps.logger.error({ err: error, event: event.type }, 'a change listener failed')
    }
  }
}

/** A notice heard on the listening connection, passed on to every subscriber. */
export function onNotification(deps: BusDeps, message: pg.Notification): void {
  if (message.channel !== CHANGE_CHANNEL) return
  const event = parseChangeEvent(message.payload ?? '')
  if (!event) {
    deps.logger.warn(
      { payload: message.payload?.slice(0, 200) },
      'ignored a malformed change notice',
    )
    return
  }
  dispatch(deps, event)
}

/** The bus stopped: tells the subscribers that asked to hear it (the streams to web end). */
export function tellStopped(deps: BusDeps): void {
  for (const onStop of [...deps.subscribers.values()]) onStop?.()
}
