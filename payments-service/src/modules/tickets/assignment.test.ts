import { describe, expect, it } from 'vitest'
import { categoryId, signedIn, useTicketingApp } from '../../test/tickets.ts'

type StaffTicketBody = {
  id: number
  status: string
  assignee: { id: number; username: string; since: string } | null
  resolved_at: string | null
}
type Page = { count: number; results: StaffTicketBody[] }

const STAFF_TICKETS = '/api/staff/tickets/'

describe('who works a ticket, and support marking it solved', () => {
  const t = useTicketingApp()

  async function customerTicket() {
    const customer = await signedIn(t)
    const response = await t.api.post<{ id: number }>(
      '/api/ticketing/tickets/',
      { title: 'پرداخت انجام نشد', category: await categoryId(t), message: 'سلام' },
      { token: customer.token },
    )
    expect(response.status, response.text).toBe(201)
    return { customer, ticket: response.body.id }
  }
  const agent = (username: string) => signedIn(t, { role: 'support', username })
  const reply = (token: string, ticket: number, body: Record<string, unknown> = {}) =>
    t.api.post(
      `${STAFF_TICKETS}${ticket}/messages/`,
      { content: 'در حال بررسی است', ...body },
      {
        token,
      },
    )
  const step = (token: string, ticket: number, name: string, body: object = {}) =>
    t.api.post<StaffTicketBody>(`${STAFF_TICKETS}${ticket}/${name}/`, body, { token })
  const read = async (token: string, ticket: number) =>
    (await t.api.get<StaffTicketBody>(`${STAFF_TICKETS}${ticket}/`, { token })).body
  const messageCount = async (ticket: number) =>
    Number(
      (
        await t.deps
          .db('ticket_messages')
          .where({ ticket_id: ticket })
          .count<{ n: string }[]>('* as n')
      )[0]?.n,
    )
  const listed = async (token: string, assigned: string) =>
    (
      await t.api.get<Page>(`${STAFF_TICKETS}?assigned=${assigned}&limit=200`, { token })
    ).body.results.map((row) => row.id)

  it('the first agent to answer takes the ticket; a colleague with a stale page is told who has it and sends nothing', async () => {
    const { ticket } = await customerTicket()
    const sara = await agent('sara-support')
    const reza = await agent('reza-support')
    expect((await read(sara.token, ticket)).assignee).toBeNull()
    expect(await listed(sara.token, 'none')).toContain(ticket)

    expect((await reply(sara.token, ticket, { seen_assignee: 'none' })).status).toBe(201)
    expect((await read(sara.token, ticket)).assignee).toMatchObject({
      id: sara.id,
      username: 'sara-support',
    })
    expect(await listed(sara.token, 'me')).toContain(ticket)
    expect(await listed(reza.token, 'me')).not.toContain(ticket)
    expect(await listed(reza.token, 'none')).not.toContain(ticket)

    // Reza opened the page before Sara answered: his answer is refused, with her name.
    const before = await messageCount(ticket)
    const stale = await reply(reza.token, ticket, { seen_assignee: 'none' })
    expect(stale.status, stale.text).toBe(409)
    expect(stale.body).toMatchObject({ code: 'ticket_assignee_changed' })
    expect(stale.text).toContain('sara-support')
    expect(await messageCount(ticket)).toBe(before)
    // Knowing she has it, he may still add a word; the ticket stays hers.
    expect((await reply(reza.token, ticket, { seen_assignee: String(sara.id) })).status).toBe(201)
    expect((await read(reza.token, ticket)).assignee?.id).toBe(sara.id)
    // The original client sends no seen_assignee: no check, as before.
    expect((await reply(reza.token, ticket)).status).toBe(201)
  })

  it('two agents answering an unassigned ticket at once: one answer goes, the other is told', async () => {
    const { ticket } = await customerTicket()
    const agents = await Promise.all(['ali-support', 'mina-support'].map((name) => agent(name)))
    const answers = await Promise.all(
      agents.map((a) => reply(a.token, ticket, { seen_assignee: 'none' })),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409])
    const winner = agents[answers.findIndex((answer) => answer.status === 201)]
    expect((await read(agents[0]!.token, ticket)).assignee?.id).toBe(winner?.id)
  })

  it('an agent takes a ticket knowingly from a colleague and lets it go; stale or foreign steps are refused', async () => {
    const { ticket } = await customerTicket()
    const sara = await agent('sara-2')
    const reza = await agent('reza-2')
    expect(
      (await step(sara.token, ticket, 'take', { seen_assignee: 'none' })).body.assignee?.id,
    ).toBe(sara.id)
    // Reza letting go of Sara's ticket, or taking it as if nobody had it: refused.
    expect(
      (await step(reza.token, ticket, 'release', { seen_assignee: sara.id })).body,
    ).toMatchObject({
      code: 'ticket_not_yours',
    })
    expect((await step(reza.token, ticket, 'take', { seen_assignee: 'none' })).status).toBe(409)
    const taken = await step(reza.token, ticket, 'take', { seen_assignee: sara.id })
    expect(taken.status, taken.text).toBe(200)
    expect(taken.body.assignee?.id).toBe(reza.id)
    // Sara's page still shows her: letting go from it is refused, with Reza's name.
    const stale = await step(sara.token, ticket, 'release', { seen_assignee: sara.id })
    expect(stale.status).toBe(409)
    expect(stale.text).toContain('reza-2')
    expect(
      (await step(reza.token, ticket, 'release', { seen_assignee: reza.id })).body.assignee,
    ).toBeNull()
    // A form that was tampered with is told so in Persian.
    const tampered = await step(reza.token, ticket, 'take', { seen_assignee: 'x' })
    expect(tampered.status).toBe(400)
    expect(tampered.text).toContain('مسئول تیکت در فرم معتبر نیست')
  })

  it('support mark a ticket solved; the customer sees it, closes it or writes again (which takes the mark away)', async () => {
    const { customer, ticket } = await customerTicket()
    const sara = await agent('sara-3')
    const customerView = async () =>
      (
        await t.api.get<{ resolved: boolean }>(`/api/ticketing/tickets/${ticket}/`, {
          token: customer.token,
        })
      ).body
    expect((await customerView()).resolved).toBe(false)
    const resolved = await step(sara.token, ticket, 'resolve')
    expect(resolved.status, resolved.text).toBe(200)
    expect(resolved.body).toMatchObject({ status: 'open' })
    expect(resolved.body.resolved_at).not.toBeNull()
    expect((await customerView()).resolved).toBe(true)
    // Marking it again changes nothing.
    expect((await step(sara.token, ticket, 'resolve')).body.resolved_at).toBe(
      resolved.body.resolved_at,
    )

    const again = await t.api.post(
      `/api/ticketing/tickets/${ticket}/messages/`,
      { content: 'هنوز پول برنگشته' },
      { token: customer.token },
    )
    expect(again.status).toBe(201)
    expect((await customerView()).resolved).toBe(false)
    expect((await read(sara.token, ticket)).resolved_at).toBeNull()

    await step(sara.token, ticket, 'resolve')
    expect(
      (await t.api.post(`/api/ticketing/tickets/${ticket}/close/`, {}, { token: customer.token }))
        .status,
    ).toBe(200)
    for (const name of ['resolve', 'take']) {
      expect((await step(sara.token, ticket, name, {})).body).toMatchObject({
        code: 'ticket_closed',
      })
    }
  })

  it('no agent takes or marks a ticket of their own customer account', async () => {
    const insider = await agent('insider')
    const response = await t.api.post<{ id: number }>(
      '/api/ticketing/tickets/',
      { title: 'سؤال', category: await categoryId(t), message: 'سلام' },
      { token: insider.token },
    )
    for (const name of ['take', 'resolve']) {
      expect((await step(insider.token, response.body.id, name)).body).toMatchObject({
        code: 'own_account',
      })
    }
  })

  it('customers cannot take, let go of or mark tickets (403)', async () => {
    const { customer, ticket } = await customerTicket()
    for (const name of ['take', 'release', 'resolve']) {
      expect((await step(customer.token, ticket, name)).status).toBe(403)
    }
  })
})
