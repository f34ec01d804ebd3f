import type { Knex } from 'knex'
import type { z } from 'zod'
import { ApiError } from '../../http/errors.ts'
import type { Clock } from '../../lib/clock.ts'
import { PreparedMessage } from '../../models/ticket.model.ts'
import type { User } from '../../models/user.model.ts'
import { MESSAGES } from '@arzpol/contracts/tickets/customer'
import { type PreparedMessageOut } from '@arzpol/contracts/tickets/staff'

type PreparedView = z.input<typeof PreparedMessageOut>

const notFound = () => new ApiError(404, MESSAGES.preparedNotFound, 'not_found')

function view(row: PreparedMessage): PreparedView {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    is_pinned: row.pinned_at !== null,
    pinned_at: row.pinned_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }
}

export type PreparedMessageService = ReturnType<typeof createPreparedMessageService>

/** Support's canned replies: shared by all staff, pinned ones first (latest pin on top). */
export function createPreparedMessageService({ db, clock }: { db: Knex; clock: Clock }) {
  async function find(id: number): Promise<PreparedMessage> {
    const row = await PreparedMessage.find(db, id)
    if (!row) throw notFound()
    return row
  }

  async function patch(id: number, changes: Partial<PreparedMessage>): Promise<PreparedView> {
    const row = await PreparedMessage.change(db, id, changes)
    if (!row) throw notFound()
    return view(row)
  }

  return {
    async list(options: { pinnedOnly?: boolean } = {}): Promise<PreparedView[]> {
      return (await PreparedMessage.listPinnedFirst(db, options)).map(view)
    },

    async get(id: number): Promise<PreparedView> {
      return view(await find(id))
    },

    async create(user: User, input: { title: string; content: string }): Promise<PreparedView> {
      const now = clock.now()
      const row = await PreparedMessage.add(db, {
        ...input,
        pinned_at: null,
        created_by: user.id,
        updated_by: user.id,
        created_at: now,
        updated_at: now,
      })
      if (!row) throw new Error('prepared message insert returned nothing')
      return view(row)
    },

    update(
      user: User,
      id: number,
      input: { title?: string | undefined; content?: string | undefined },
    ): Promise<PreparedView> {
      return patch(id, {
        ...(input.title !== undefined && { title: input.title }),
        ...(input.content !== undefined && { content: input.content }),
        updated_by: user.id,
        updated_at: clock.now(),
      })
    },

    async remove(id: number): Promise<void> {
      const deleted = await PreparedMessage.remove(db, id)
      if (deleted === 0) throw notFound()
    },

    /** Pinning a pinned message keeps its place; unpinning an unpinned one changes nothing. */
    async pin(id: number): Promise<PreparedView> {
      const row = await find(id)
      if (row.pinned_at) return view(row)
      return patch(id, { pinned_at: clock.now() })
    },

    async unpin(id: number): Promise<PreparedView> {
      const row = await find(id)
      if (!row.pinned_at) return view(row)
      return patch(id, { pinned_at: null })
    },
  }
}
