import { describe, expect, it } from 'vitest'
import { OrderEvent } from '../../models/order-event.model.ts'
import { StaffAuditEntry } from '../../models/staff-audit-entry.model.ts'
import { checkLedger } from '../ledger/invariants.ts'
import { verifyChain } from '../staff-audit/chain.ts'
import {
  paidOrder,
  refundTheBankRefuses,
  submittedPayout,
  transitionTo,
  useStaffApp,
} from '../../test/staff.ts'
import { stageOf, type OrdersTestApp } from '../../test/orders.ts'

/**
 * Four eyes: a cash-out settled, or a manual refund recorded as paid, above its threshold is a
 * proposal until a second staff member approves it; one person alone never moves that money.
 */

const PROPOSAL_TEMPLATE = 'arzpol-proposal'

type Customer = Awaited<ReturnType<OrdersTestApp['customer']>>

type Proposal = {
  id: number
  kind: string
  status: string
  order_id: number | null
  amount_irr: number | null
  reference: string | null
  proposed_by: { id: number; username: string }
  decided_by: { id: number; username: string } | null
  decision_reason: string | null
}

const decide = (
  t: OrdersTestApp,
  token: string,
  id: number,
  decision: 'approve' | 'decline',
  reason = 'صورت‌حساب بانک را دیدم',
) => t.api.post<Proposal>(`/api/staff/proposals/${id}/${decision}/`, { reason }, { token })

/**
 * A cash-out waiting for staff, and its proposal to settle it by the first staff member. The
 * customer is a new one unless given (a staff member's own customer account).
 */
async function proposedPayout(t: OrdersTestApp, owner?: Customer) {
  const customer = owner ?? (await t.customer())
  const proposer = await t.customer('support')
  const approver = await t.customer('admin')
  const payout = await submittedPayout(t, customer.token)
  const response = await transitionTo(t, proposer.token, payout.id, {
    to: 'done',
    reference: 'PAYA-1404-0912',
    internal_note: 'از حساب ملت واریز شد',
  })
  expect(response.status, JSON.stringify(response.body)).toBe(202)
  const proposal = (response.body as { proposal: Proposal }).proposal
  return { customer, proposer, approver, payout, proposal }
}

describe('four eyes on money going out', () => {
  const t = useStaffApp({
    FOUR_EYES_PAYOUT_ABOVE_IRR: '0',
    FOUR_EYES_REFUND_ABOVE_IRR: '0',
    PROPOSAL_HOURS: '24',
    KAVENEGAR_PROPOSAL_TEMPLATE: PROPOSAL_TEMPLATE,
  })

  it('a cash-out settled by one staff member only proposes it: nothing moves, nothing is booked', async () => {
    const { proposer, payout, proposal } = await proposedPayout(t)
    expect(proposal).toMatchObject({
      kind: 'payout_settlement',
      status: 'pending',
      order_id: payout.id,
      amount_irr: payout.amount_irr,
      reference: 'PAYA-1404-0912',
      proposed_by: { id: proposer.id },
      decided_by: null,
    })
    expect(await stageOf(t, payout.id)).toBe('in_progress')
    const legs = await t.deps.db('postings').where({ order_id: payout.id })
    expect(legs).toEqual([])
    // A second proposal of the same settlement waits for the first.
    const again = await transitionTo(t, proposer.token, payout.id, {
      to: 'done',
      reference: 'PAYA-OTHER',
    })
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ code: 'proposal_pending' })
  })

  it('the proposer cannot approve or decline their own proposal', async () => {
    const { proposer, payout, proposal } = await proposedPayout(t)
    for (const decision of ['approve', 'decline'] as const) {
      const response = await decide(t, proposer.token, proposal.id, decision)
      expect(response.status).toBe(403)
      expect(response.body).toMatchObject({ code: 'own_proposal' })
    }
    expect(await stageOf(t, payout.id)).toBe('in_progress')
  })

  it('a second staff member approves: the order is settled once, with both names on record', async () => {
    const { proposer, approver, payout, proposal } = await proposedPayout(t)
    const approved = await decide(t, approver.token, proposal.id, 'approve')
    expect(approved.status, approved.text).toBe(200)
    expect(approved.body).toMatchObject({
      status: 'approved',
      decided_by: { id: approver.id },
      decision_reason: 'صورت‌حساب بانک را دیدم',
    })
    expect(await stageOf(t, payout.id)).toBe('done')
    const events = await OrderEvent.query(t.deps.db).where({ payment_id: payout.id })
    expect(events.at(-1)).toMatchObject({
      reason: 'staff_settle',
      actor_user_id: proposer.id,
      data: expect.objectContaining({
        reference: 'PAYA-1404-0912',
        proposal_id: proposal.id,
        approved_by_user_id: approver.id,
      }),
    })
    expect(await checkLedger(t.deps.db, { orderIds: [payout.id] })).toEqual([])
    // Decided once: a second approval changes nothing.
    const twice = await decide(t, approver.token, proposal.id, 'approve')
    expect(twice.status).toBe(409)
    expect(twice.body).toMatchObject({ code: 'decided' })
    // The proposal, the settlement and the approval are links of the staff audit chain.
    const links = await StaffAuditEntry.query(t.deps.db)
      .whereIn('actor_user_id', [proposer.id, approver.id])
      .orderBy('id')
    expect(links.map((link) => link.action)).toEqual([
      'proposal_made',
      'order_moved',
      'proposal_approved',
    ])
    expect(links[0]).toMatchObject({ actor_user_id: proposer.id, subject_id: String(proposal.id) })
    expect(links[2]).toMatchObject({ actor_user_id: approver.id, subject_id: String(proposal.id) })
    expect((await verifyChain(t.deps.db)).broken).toBeNull()
  })

  it('a declined proposal moves nothing and records who declined it and why', async () => {
    const { approver, payout, proposal } = await proposedPayout(t)
    const declined = await decide(t, approver.token, proposal.id, 'decline', 'واریزی در بانک نیست')
    expect(declined.status).toBe(200)
    expect(declined.body).toMatchObject({
      status: 'declined',
      decision_reason: 'واریزی در بانک نیست',
    })
    expect(await stageOf(t, payout.id)).toBe('in_progress')
    expect((await decide(t, approver.token, proposal.id, 'approve')).status).toBe(409)
  })

  it('a decision needs its reason', async () => {
    const { approver, proposal } = await proposedPayout(t)
    const response = await decide(t, approver.token, proposal.id, 'approve', '  ')
    expect(response.status).toBe(400)
    expect(response.body).toEqual({ reason: ['دلیل تصمیم را بنویسید.'] })
  })

  it('a proposal lapses: after PROPOSAL_HOURS it cannot be approved, and may be proposed again', async () => {
    const { proposer, approver, payout, proposal } = await proposedPayout(t)
    t.clock.advance(24 * 3600 + 1)
    // Access tokens of a day ago have expired too.
    const approverToken = await t.deps.tokens.signAccess(approver.user)
    const proposerToken = await t.deps.tokens.signAccess(proposer.user)
    const late = await decide(t, approverToken, proposal.id, 'approve')
    expect(late.status).toBe(409)
    expect(late.body).toMatchObject({ code: 'proposal_expired' })
    expect(await stageOf(t, payout.id)).toBe('in_progress')
    const again = await transitionTo(t, proposerToken, payout.id, {
      to: 'done',
      reference: 'PAYA-1404-0913',
    })
    expect(again.status).toBe(202)
    const list = await t.api.get<{ items: Proposal[] }>('/api/staff/proposals/', {
      token: approverToken,
    })
    expect(list.body.items.filter((item) => item.order_id === payout.id)).toMatchObject([
      { status: 'pending', reference: 'PAYA-1404-0913' },
      { id: proposal.id, status: 'expired' },
    ])
  })

  it('the customer whose money it is cannot approve, even as staff', async () => {
    const insider = await t.customer('support')
    const { payout, proposal } = await proposedPayout(t, insider)
    const own = await decide(t, insider.token, proposal.id, 'approve')
    expect(own.status).toBe(403)
    expect(own.body).toMatchObject({ code: 'own_account' })
    expect(await stageOf(t, payout.id)).toBe('in_progress')
  })

  it('a proposer who lost the staff role since cannot have the proposal carried out', async () => {
    const { proposer, approver, payout, proposal } = await proposedPayout(t)
    await t.deps.db('users').where({ id: proposer.id }).update({ role: 'customer' })
    const response = await decide(t, approver.token, proposal.id, 'approve')
    expect(response.status).toBe(409)
    expect(response.body).toMatchObject({ code: 'proposer_gone' })
    expect(await stageOf(t, payout.id)).toBe('in_progress')
    expect((await decide(t, approver.token, proposal.id, 'decline')).status).toBe(200)
  })

  it('of two colleagues approving at once, one carries it out and the other gets 409', async () => {
    const { payout, proposal } = await proposedPayout(t)
    const other = await t.customer('support')
    const approver = await t.customer('admin')
    const answers = await Promise.all([
      decide(t, other.token, proposal.id, 'approve'),
      decide(t, approver.token, proposal.id, 'approve'),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    const settles = await OrderEvent.query(t.deps.db).where({
      payment_id: payout.id,
      reason: 'staff_settle',
    })
    expect(settles).toHaveLength(1)
  })

  it('other staff members are told by SMS that a proposal waits, never the proposer', async () => {
    t.kavenegar.reset()
    const { proposer, approver, proposal } = await proposedPayout(t)
    await t.deps.sms.drain()
    const sent = t.kavenegar.received
      .filter((request) => request.form.template === PROPOSAL_TEMPLATE)
      .map((request) => request.form)
    expect(sent.map((form) => form.token)).toContain(String(proposal.id))
    const receptors = sent.map((form) => form.receptor)
    expect(receptors).toContain(approver.user.phone)
    expect(receptors).not.toContain(proposer.user.phone)
  })

  it('a manual refund recorded as paid is a proposal too, and booked only once approved', async () => {
    const customer = await t.customer()
    const proposer = await t.customer('support')
    const approver = await t.customer('support')
    const order = await paidOrder(t, customer.token)
    const { refunds } = await refundTheBankRefuses(t, proposer.token, order.id)
    const refund = refunds.find((row) => row.method === 'manual')
    const settle = await t.api.post<{ proposal: Proposal }>(
      `/api/staff/refunds/${refund?.id}/settle/`,
      { reference: 'SATNA-5521', note: 'از حساب ملت' },
      { token: proposer.token },
    )
    expect(settle.status, settle.text).toBe(202)
    expect(settle.body.proposal).toMatchObject({
      kind: 'refund_settlement',
      order_id: order.id,
      reference: 'SATNA-5521',
    })
    const statusOf = async () =>
      ((await t.deps.db('refunds').where({ id: refund?.id }).first('status')) as { status: string })
        .status
    expect(await statusOf()).toBe('pending')
    const approved = await decide(t, approver.token, settle.body.proposal.id, 'approve')
    expect(approved.status, approved.text).toBe(200)
    expect(await statusOf()).toBe('done')
    const events = await OrderEvent.query(t.deps.db).where({ payment_id: order.id })
    expect(events.at(-1)).toMatchObject({
      reason: 'refund_settled',
      actor_user_id: proposer.id,
      data: expect.objectContaining({ reference: 'SATNA-5521', approved_by_user_id: approver.id }),
    })
    expect(await checkLedger(t.deps.db, { orderIds: [order.id] })).toEqual([])
  })

  it('the database itself refuses a proposal decided by its proposer', async () => {
    const { proposer, proposal } = await proposedPayout(t)
    await expect(
      t.deps.db('staff_proposals').where({ id: proposal.id }).update({
        status: 'approved',
        decided_by: proposer.id,
        decided_at: t.clock.now(),
      }),
    ).rejects.toThrow(/staff_proposals_four_eyes_check/)
  })
})

describe('four eyes: below the threshold', () => {
  const t = useStaffApp({ FOUR_EYES_PAYOUT_ABOVE_IRR: '1000000000000' })

  it('one staff member settles a cash-out at or below FOUR_EYES_PAYOUT_ABOVE_IRR', async () => {
    const customer = await t.customer()
    const staff = await t.customer('support')
    const payout = await submittedPayout(t, customer.token)
    const settled = await transitionTo(t, staff.token, payout.id, {
      to: 'done',
      reference: 'PAYA-SMALL',
    })
    expect(settled.status).toBe(200)
    expect(await stageOf(t, payout.id)).toBe('done')
    expect(await t.deps.db('staff_proposals')).toEqual([])
  })
})
