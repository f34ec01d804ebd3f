import { describe, expect, it } from 'vitest'
import { migrateLatest, migratorConfig } from '../../db/migrate.ts'
import { listTables, useTestDatabase } from '../../test/db.ts'

const TICKET_TABLES = [
  'prepared_messages',
  'ticket_attachments',
  'ticket_categories',
  'ticket_messages',
  'tickets',
]

describe('ticketing tables', () => {
  const own = useTestDatabase({ emptyEachTest: false, poolMax: 2 })
  const tables = () => listTables(own.db)

  it('exist with the Persian categories seeded', async () => {
    expect(await tables()).toEqual(expect.arrayContaining(TICKET_TABLES))
    const categories = await own.db('ticket_categories').orderBy('position').select('slug', 'name')
    expect(categories).toEqual([
      { slug: 'payment', name: 'پرداخت' },
      { slug: 'order', name: 'سفارش' },
      { slug: 'account', name: 'حساب کاربری' },
      { slug: 'technical', name: 'فنی' },
      { slug: 'other', name: 'سایر' },
    ])
  })

  it('refuse inconsistent rows even if the code had a bug', async () => {
    const [user] = await own
      .db('users')
      .insert({ phone: '09120000001', username: 'u1', password_hash: 'x' })
      .returning<Array<{ id: number }>>('id')
    const category = await own.db('ticket_categories').first<{ id: number }>()
    const ticket = { user_id: user?.id, title: 'ok', category_id: category?.id }
    await expect(own.db('tickets').insert({ ...ticket, status: 'pending' })).rejects.toThrow(
      /tickets_status_valid/,
    )
    await expect(own.db('tickets').insert({ ...ticket, status: 'closed' })).rejects.toThrow(
      /tickets_closed_at_matches_status/,
    )
    await expect(own.db('tickets').insert({ ...ticket, title: '  ' })).rejects.toThrow(
      /tickets_title_not_blank/,
    )
    const [row] = await own.db('tickets').insert(ticket).returning<Array<{ id: number }>>('id')
    await expect(
      own.db('ticket_messages').insert({
        ticket_id: row?.id,
        author_id: user?.id,
        content: 'x'.repeat(5001),
      }),
    ).rejects.toThrow(/ticket_messages_content_length/)
    const [message] = await own
      .db('ticket_messages')
      .insert({ ticket_id: row?.id, author_id: user?.id, content: 'x' })
      .returning<Array<{ id: number }>>('id')
    const attachment = {
      message_id: message?.id,
      storage_key: 'tickets/a',
      file_name: 'a.png',
      content_type: 'image/png',
      size_bytes: 10,
    }
    await expect(
      own.db('ticket_attachments').insert({ ...attachment, content_type: 'image/svg+xml' }),
    ).rejects.toThrow(/ticket_attachments_type_allowed/)
    await expect(
      own.db('ticket_attachments').insert({ ...attachment, size_bytes: 10 * 1024 * 1024 + 1 }),
    ).rejects.toThrow(/ticket_attachments_size_range/)
    await expect(own.db('prepared_messages').insert({ title: 't', content: ' ' })).rejects.toThrow(
      /prepared_messages_content_length/,
    )
  })

  it('roll back and forward cleanly', async () => {
    const config = migratorConfig()
    // Ours are the two newest migrations only while no later one exists; roll back to them.
    const files = (await own.db.migrate.list(config))[0] as Array<{ file?: string; name?: string }>
    const names = files.map((entry) => entry.file ?? entry.name ?? '')
    const ours = names.filter((name) => /_create-(ticketing|prepared-messages)\.ts$/.test(name))
    expect(ours).toHaveLength(2)
    while ((await tables()).includes('tickets')) await own.db.migrate.down(config)
    const remaining = await tables()
    for (const table of TICKET_TABLES) expect(remaining).not.toContain(table)
    await migrateLatest(own.db)
    expect(await tables()).toEqual(expect.arrayContaining(TICKET_TABLES))
  })
})
