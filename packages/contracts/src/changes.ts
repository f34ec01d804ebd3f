import { z } from 'zod'

/**
 * The change bus (ADR 033): what one pod tells every other pod that something changed, so each
 * drops its in-memory copy. payments-service sends these with PostgreSQL NOTIFY inside the
 * transaction that made the change (so only committed changes are announced), every
 * payments-service pod LISTENs, and each web pod hears them through one Server-Sent-Events
 * subscription to payments-service (`GET /internal/changes`).
 *
 * An event names what changed, never the content: a listener that cares reads the new state
 * through the usual path. That keeps every event far below NOTIFY's 8000-byte limit and keeps
 * personal data off the bus. Delivery is at most once per connection: whoever (re)connects must
 * treat everything as changed (`resync`).
 */

/** The PostgreSQL channel every payments-service pod listens on. */
export const CHANGE_CHANNEL = 'arzpol_changes'

/** Rates, fees or limits of the catalog changed; `version` is the change's catalog version. */
export const CatalogChanged = z.object({
  type: z.literal('catalog'),
  version: z.number().int().nonnegative(),
})

/** Content of the cms changed (forwarded from its webhook); `model` as Strapi names it. */
export const CmsChanged = z.object({
  type: z.literal('cms'),
  model: z.string().max(100).nullable(),
})

/**
 * Anything may have changed and some events may have been missed: the sender's own connection
 * to the bus was (re)established. Every copy goes.
 */
export const Resync = z.object({ type: z.literal('resync') })

/**
 * An order changed: a new event on its timeline (a new stage, money on its way back, a note).
 * Only its id: whoever shows the order reads it again, with the right to see it (ADR 043).
 */
export const OrderChanged = z.object({
  type: z.literal('order'),
  id: z.number().int().positive(),
})

/** A ticket changed: a new message, its status, who works it. Only its id, as for orders. */
export const TicketChanged = z.object({
  type: z.literal('ticket'),
  id: z.number().int().positive(),
})

/** Every event the bus carries: ids only, never a message or an order's content. */
export const ChangeEvent = z.discriminatedUnion('type', [
  CatalogChanged,
  CmsChanged,
  Resync,
  OrderChanged,
  TicketChanged,
])
export type ChangeEvent = z.infer<typeof ChangeEvent>
export type ChangeEventType = ChangeEvent['type']

/** The event a payload of the bus or the stream holds, or null for anything else. */
export function parseChangeEvent(payload: string): ChangeEvent | null {
  try {
    const parsed = ChangeEvent.safeParse(JSON.parse(payload))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** What web forwards of a cms webhook to payments-service (`POST /internal/changes/cms`). */
export const CmsChangeNotice = z.object({
  model: z.string().max(100).nullable().default(null),
})

/** The internal routes of the change bus on payments-service; never behind the public edge. */
export const CHANGES_STREAM_PATH = '/internal/changes'
export const CMS_CHANGE_PATH = '/internal/changes/cms'
