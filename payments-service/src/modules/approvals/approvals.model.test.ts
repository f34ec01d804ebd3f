import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { User } from '../../models/user.model.ts'
import { ensureLevel1, liftIdentityLimits } from '../../test/identity.ts'
import { uploadIdentityDocument } from '../../test/identity-documents.ts'
import { openTestSession } from '../../test/sessions.ts'
import { createPayoutOrder, uploadDocument, startOrder } from '../../test/orders.ts'
import { SHEBA, transitionTo, useStaffApp } from '../../test/staff.ts'
import { checkLedger } from '../ledger/invariants.ts'
import { verifyChain } from '../staff-audit/chain.ts'

/**
 * Model-based test of four eyes (ADR 039): staff members, one of whom is also a customer with
 * cash-outs of their own, settle small and large cash-outs, approve and decline each other's
 * proposals in any order (their own and their own money's included), propose giving and taking
 * another account's support role (admins only, a second admin deciding), lose and regain the staff
 * role, and let time pass beyond a proposal's life. After every step, read from the database: a
 * large cash-out was settled only through a proposal approved by a second staff member who is
 * neither its proposer nor its customer, before it lapsed, while the proposer was staff; no
 * cash-out was settled twice or by its own customer; every decision names someone other than
 * the proposer; the ledger of these orders balances; the account's role is what the last
 * approved role change made it, and that change ended its sessions. Both customers (the insider
 * too) ask for level 2; staff propose and approve it, having opened the photos or not; a level
 * is 2 only through an approved request whose proposal a second staff member, not its customer,
 * approved, both having opened every photo. Each staff member also holds a session that never
 * passed the second factor, and tries staff actions with it: refused, nothing moves. The staff
 * audit chain verifies after each sequence. `npm test` runs 200 sequences, `npm run fuzz` 1,000
 * (APPROVALS_MODEL_RUNS).
 */

const RUNS = Number(process.env.APPROVALS_MODEL_RUNS ?? 200)
/** 500 million rials: a 200-dollar cash-out stays below it, a 600-dollar one is above. */
const THRESHOLD = 500_000_000
const LIFETIME_HOURS = 24

interface Actor {
  user: User
  token: string
  /** A session that never passed the second factor (staff sign in with a password alone). */
  weakToken?: string
}
/** Staff 0–3 as they start each sequence; staff 3 is also the customer `insider`. */
const ROLES = ['support', 'admin', 'admin', 'support'] as const

interface World {
  staff: Actor[]
  customer: Actor
  /** An account whose support role the admins propose to give and take. */
  candidate: Actor
  /** The candidate's access token from the start of the sequence (never signed again). */
  candidateFirstToken: string
  insider: Actor
  orders: Array<{ id: number; owner: number; amount: number }>
  proposals: number[]
  /** Whose staff role was taken away (by index into `staff`). */
  demoted: Set<number>
  /** Level-2 requests waiting for staff. */
  reviews: number[]
  /** When this sequence put both customers back at level 1. */
  levelsResetAt: Date
}

type Cmd = fc.AsyncCommand<object, World>

describe('four eyes, model-based', () => {
  const t = useStaffApp({
    FOUR_EYES_PAYOUT_ABOVE_IRR: String(THRESHOLD),
    PROPOSAL_HOURS: String(LIFETIME_HOURS),
    // The customers ask for level 2 again in every sequence.
    IDENTITY_UPLOADS_PER_HOUR: '1000',
    IDENTITY_UPLOADS_PER_REQUEST: '100',
  })

  const signAgain = async (actor: Actor) => {
    actor.token = await t.deps.tokens.signAccess(actor.user)
    const weak = await openTestSession(t.deps, actor.user.id, false)
    actor.weakToken = await t.deps.tokens.signAccess(actor.user, weak)
  }
  const pick = <T>(items: T[], index: number): T | undefined =>
    items.length === 0 ? undefined : items[index % items.length]

  const cmd = (name: string, run: (w: World) => Promise<unknown>): Cmd => ({
    check: () => true,
    run: async (_model, w) => {
      await run(w)
      await assertInvariants(w)
    },
    toString: () => name,
  })

  const submit = (byInsider: boolean, dollars: string) =>
    cmd(`submit(${byInsider ? 'insider' : 'customer'}, $${dollars})`, async (w) => {
      const owner = byInsider ? w.insider : w.customer
      const order = await createPayoutOrder(t, owner.token, { sheba: SHEBA, amount: dollars })
      await uploadDocument(t, owner.token, order.id)
      await startOrder(t, owner.token, order.id)
      w.orders.push({ id: order.id, owner: owner.user.id, amount: order.amount_irr })
    })

  const settle = (staff: number, order: number) =>
    cmd(`settle(staff ${staff}, order ${order})`, async (w) => {
      const target = pick(w.orders, order)
      const actor = w.staff[staff]
      if (!target || !actor) return
      const response = await transitionTo(t, actor.token, target.id, {
        to: 'done',
        reference: `REF-${target.id}-${staff}`,
      })
      if (w.demoted.has(staff)) expect(response.status).toBe(403)
      if (actor.user.id === target.owner) expect(response.status).toBe(403)
      if (response.status === 202) {
        expect(target.amount).toBeGreaterThan(THRESHOLD)
        w.proposals.push((response.body as { proposal: { id: number } }).proposal.id)
      }
      if (response.status === 200) expect(target.amount).toBeLessThanOrEqual(THRESHOLD)
      expect(response.status).toBeLessThan(500)
    })

  const decide = (staff: number, proposal: number, approve: boolean, look = true) =>
    cmd(`${approve ? 'approve' : 'decline'}(staff ${staff}, proposal ${proposal})`, async (w) => {
      const id = pick(w.proposals, proposal)
      const actor = w.staff[staff]
      if (id === undefined || !actor) return
      const subject = (await t.deps.db('staff_proposals').where({ id }).first()) as {
        kind: string
        subject_id: string
      }
      if (look && subject.kind === 'identity_level2')
        await openPhotos(actor, Number(subject.subject_id))
      const response = await t.api.post<{ code?: string }>(
        `/api/staff/proposals/${id}/${approve ? 'approve' : 'decline'}/`,
        { reason: 'بررسی شد' },
        { token: actor.token },
      )
      const row = (await t.deps.db('staff_proposals').where({ id }).first()) as {
        proposed_by: number
        customer_id: number
      }
      if (row.proposed_by === actor.user.id || row.customer_id === actor.user.id) {
        expect(response.status).toBe(403)
      }
      expect(response.status).toBeLessThan(500)
    })

  const setRole = (staff: number, restore: boolean) =>
    cmd(`${restore ? 'restore' : 'demote'}(staff ${staff})`, async (w) => {
      const actor = w.staff[staff]
      if (!actor) return
      await t.deps
        .db('users')
        .where({ id: actor.user.id })
        .update({ role: restore ? ROLES[staff] : 'customer' })
      if (restore) w.demoted.delete(staff)
      else w.demoted.add(staff)
    })

  const proposeRole = (staff: number, grant: boolean) =>
    cmd(`${grant ? 'grant' : 'revoke'}-support(staff ${staff})`, async (w) => {
      const actor = w.staff[staff]
      if (!actor) return
      const response = await t.api.post<{ proposal?: { id: number } }>(
        `/api/staff/roles/${grant ? 'grant' : 'revoke'}-support/`,
        { phone: w.candidate.user.phone },
        { token: actor.token },
      )
      if (w.demoted.has(staff) || ROLES[staff] !== 'admin') expect(response.status).toBe(403)
      if (response.status === 202) w.proposals.push(response.body.proposal!.id)
      expect([200, 202, 403, 409]).toContain(response.status)
    })

  const askLevel2 = (byInsider: boolean) =>
    cmd(`ask-level2(${byInsider ? 'insider' : 'customer'})`, async (w) => {
      const owner = byInsider ? w.insider : w.customer
      for (const kind of ['national_card', 'selfie']) {
        const response = await uploadIdentityDocument(t, owner.token, kind)
        expect([201, 409]).toContain(response.status)
        if (response.status === 409) return
      }
      const review = (await t.deps
        .db('identity_reviews')
        .where({ user_id: owner.user.id, status: 'pending' })
        .first('id')) as { id: number }
      w.reviews.push(review.id)
    })

  /** Opens every photo of a request as `actor`, as far as they may. */
  const openPhotos = async (actor: Actor, reviewId: number) => {
    const review = await t.api.get<{ documents?: Array<{ id: number }> }>(
      `/api/staff/identity/reviews/${reviewId}/`,
      { token: actor.token },
    )
    for (const { id } of review.body.documents ?? []) {
      const opened = await t.api.get(`/api/staff/identity/reviews/${reviewId}/documents/${id}/`, {
        token: actor.token,
      })
      expect([200, 403, 404]).toContain(opened.status)
    }
  }

  const proposeLevel2 = (staff: number, review: number, look: boolean) =>
    cmd(
      `propose-level2(staff ${staff}, review ${review}${look ? ', photos opened' : ''})`,
      async (w) => {
        const id = pick(w.reviews, review)
        const actor = w.staff[staff]
        if (id === undefined || !actor) return
        if (look) await openPhotos(actor, id)
        const response = await t.api.post<{ proposal?: { id: number }; code?: string }>(
          `/api/staff/identity/reviews/${id}/approve/`,
          {},
          { token: actor.token },
        )
        const owner = (await t.deps.db('identity_reviews').where({ id }).first('user_id')) as {
          user_id: number
        }
        if (w.demoted.has(staff) || owner.user_id === actor.user.id) {
          expect(response.status).toBe(403)
        }
        if (response.status === 202) w.proposals.push(response.body.proposal!.id)
        expect([202, 403, 404, 409]).toContain(response.status)
      },
    )

  /** A staff action through a session that never passed the second factor: always refused. */
  const weakAttempt = (staff: number, target: number, action: 'settle' | 'approve' | 'review') =>
    cmd(`weak-${action}(staff ${staff}, #${target})`, async (w) => {
      const actor = w.staff[staff]
      if (!actor?.weakToken) return
      const token = actor.weakToken
      const id =
        action === 'settle'
          ? pick(w.orders, target)?.id
          : pick(action === 'approve' ? w.proposals : w.reviews, target)
      if (id === undefined) return
      const response =
        action === 'settle'
          ? await transitionTo(t, token, id, { to: 'done', reference: `WEAK-${id}` })
          : await t.api.post(
              action === 'approve'
                ? `/api/staff/proposals/${id}/approve/`
                : `/api/staff/identity/reviews/${id}/approve/`,
              { reason: 'بررسی شد' },
              { token },
            )
      expect(response.status, 'a session without the second factor acted as staff').toBe(403)
    })

  const pass = (hours: number) =>
    cmd(`pass(${hours} h)`, async (w) => {
      t.clock.advance(hours * 3600)
      for (const actor of [...w.staff, w.customer]) await signAgain(actor)
    })

  const staffIndex = fc.nat({ max: 3 })
  const index = fc.nat({ max: 20 })
  const commands = [
    fc.tuple(fc.boolean(), fc.constantFrom('200', '600')).map(([insider, d]) => submit(insider, d)),
    fc.tuple(staffIndex, index).map(([s, o]) => settle(s, o)),
    fc.tuple(staffIndex, index).map(([s, o]) => settle(s, o)),
    fc.tuple(staffIndex, index, fc.boolean()).map(([s, p, a]) => decide(s, p, a)),
    fc.tuple(staffIndex, index).map(([s, p]) => decide(s, p, true)),
    fc.tuple(fc.nat({ max: 2 }), fc.boolean()).map(([s, restore]) => setRole(s, restore)),
    fc.tuple(staffIndex, fc.boolean()).map(([s, grant]) => proposeRole(s, grant)),
    fc.constantFrom(1, 23, 25).map((hours) => pass(hours)),
    fc.boolean().map((insider) => askLevel2(insider)),
    fc.tuple(staffIndex, index, fc.boolean()).map(([s, r, look]) => proposeLevel2(s, r, look)),
    fc.tuple(staffIndex, index, fc.boolean()).map(([s, p, look]) => decide(s, p, true, look)),
    fc
      .tuple(
        staffIndex,
        index,
        fc.constantFrom('settle', 'approve', 'review') as fc.Arbitrary<
          'settle' | 'approve' | 'review'
        >,
      )
      .map(([s, i, action]) => weakAttempt(s, i, action)),
  ]

  /** What must hold after every step, read from the database. */
  async function assertInvariants(w: World) {
    await assertRoleInvariants(w)
    await assertLevelInvariants(w)
    const ids = w.orders.map((order) => order.id)
    if (ids.length === 0) return
    const settles = (await t.deps
      .db('payment_events')
      .whereIn('payment_id', ids)
      .where({ reason: 'staff_settle' })
      .select('payment_id', 'actor_user_id', 'data', 'created_at')) as Array<{
      payment_id: number
      actor_user_id: number
      data: Record<string, unknown>
      created_at: Date
    }>
    const proposals = (await t.deps.db('staff_proposals').whereIn('order_id', ids)) as Array<{
      id: number
      order_id: number
      proposed_by: number
      customer_id: number
      status: string
      decided_by: number | null
      decided_at: Date | null
      expires_at: Date
    }>
    const settled = new Set<number>()
    for (const event of settles) {
      const order = w.orders.find((o) => o.id === event.payment_id)
      if (!order) throw new Error(`settle of an unknown order ${event.payment_id}`)
      expect(settled.has(order.id), `order ${order.id} settled twice`).toBe(false)
      settled.add(order.id)
      expect(event.actor_user_id, 'a customer settled their own cash-out').not.toBe(order.owner)
      if (order.amount <= THRESHOLD) continue
      const approved = proposals.find(
        (p) => p.id === event.data.proposal_id && p.status === 'approved',
      )
      expect(approved, `large order ${order.id} settled without an approved proposal`).toBeTruthy()
      if (!approved) continue
      expect(approved.order_id).toBe(order.id)
      expect(approved.proposed_by).toBe(event.actor_user_id)
      expect(event.data.approved_by_user_id).toBe(approved.decided_by)
      expect(approved.decided_by).not.toBe(approved.proposed_by)
      expect(approved.decided_by).not.toBe(order.owner)
      expect(approved.decided_at!.getTime()).toBeLessThan(approved.expires_at.getTime())
    }
    for (const proposal of proposals) {
      if (proposal.decided_by !== null) {
        expect(proposal.decided_by).not.toBe(proposal.proposed_by)
        expect(proposal.decided_by).not.toBe(proposal.customer_id)
      }
      if (proposal.status === 'approved') expect(settled.has(proposal.order_id)).toBe(true)
    }
    const done = (await t.deps
      .db('payments')
      .whereIn('id', ids)
      .where({ stage: 'done' })
      .pluck('id')) as number[]
    expect(new Set(done)).toEqual(settled)
    expect(await checkLedger(t.deps.db, { orderIds: ids })).toEqual([])
  }

  /**
   * The candidate's role is what the last approved role proposal of this sequence made it, each
   * approved by an admin other than its proposer, and an approved change ended the candidate's
   * sessions.
   */
  async function assertRoleInvariants(w: World) {
    const decided = (await t.deps
      .db('staff_proposals')
      .whereIn('id', w.proposals)
      .whereIn('kind', ['support_grant', 'support_revoke'])
      .where({ status: 'approved' })
      .orderBy('decided_at')
      .orderBy('id')) as Array<{ kind: string; proposed_by: number; decided_by: number }>
    const role = (
      (await t.deps.db('users').where({ id: w.candidate.user.id }).first('role')) as {
        role: string
      }
    ).role
    const last = decided.at(-1)
    expect(role).toBe(last?.kind === 'support_grant' ? 'support' : 'customer')
    const admins = w.staff.filter((_, i) => ROLES[i] === 'admin').map((s) => s.user.id)
    for (const proposal of decided) {
      expect(proposal.decided_by).not.toBe(proposal.proposed_by)
      expect(admins).toContain(proposal.decided_by)
    }
    if (last) {
      const me = await t.api.get('/api/auth/me/', { token: w.candidateFirstToken })
      expect(me.status, 'a session outlived a role change').toBe(401)
    }
  }

  /**
   * A customer is at level 2 only through a request approved since this sequence began, and
   * every approved request went through a proposal: proposed by the staff member recorded as
   * deciding it, approved by another who is not its customer, both having opened every photo.
   */
  async function assertLevelInvariants(w: World) {
    const owners = [w.customer.user.id, w.insider.user.id]
    const approved = (await t.deps
      .db('identity_reviews')
      .whereIn('user_id', owners)
      .where({ status: 'approved' })
      .where('decided_at', '>=', w.levelsResetAt)
      .select('id', 'user_id', 'decided_by_user_id')) as Array<{
      id: number
      user_id: number
      decided_by_user_id: number
    }>
    for (const owner of owners) {
      const level = Number(
        (
          (await t.deps.db('customer_identities').where({ user_id: owner }).first('level')) as {
            level: number
          }
        ).level,
      )
      const raisedBy = approved.filter((review) => review.user_id === owner)
      expect(level === 2, `customer ${owner} at level ${level}`).toBe(raisedBy.length > 0)
    }
    for (const review of approved) {
      const proposal = (await t.deps
        .db('staff_proposals')
        .where({ kind: 'identity_level2', subject_id: String(review.id), status: 'approved' })
        .first()) as { proposed_by: number; decided_by: number } | undefined
      expect(proposal, `review ${review.id} approved without a proposal`).toBeTruthy()
      if (!proposal) continue
      expect(proposal.proposed_by).toBe(review.decided_by_user_id)
      expect(proposal.decided_by).not.toBe(proposal.proposed_by)
      expect(proposal.decided_by).not.toBe(review.user_id)
      const documents = (await t.deps
        .db('identity_documents')
        .where({ review_id: review.id })
        .pluck('id')) as number[]
      for (const staffId of [proposal.proposed_by, proposal.decided_by]) {
        const opened = (await t.deps
          .db('identity_review_audit')
          .where({ review_id: review.id, action: 'document_revealed', actor_user_id: staffId })
          .pluck('document_id')) as number[]
        const seen = new Set(opened)
        expect(
          documents.every((doc) => seen.has(doc)),
          `staff ${staffId} decided review ${review.id} without opening its photos`,
        ).toBe(true)
      }
    }
  }

  it(`holds over ${RUNS} random sequences`, { timeout: 1_800_000 }, async () => {
    const staff = await Promise.all(ROLES.map((role) => t.customer(role)))
    const customer = await t.customer()
    const candidate = await t.customer()
    await liftIdentityLimits(t.deps.db)
    const insider = staff[3]!
    await ensureLevel1(t, customer.token)
    await ensureLevel1(t, insider.token)
    let steps = 0
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 16, size: 'max' }), async (cmds) => {
        for (const [i, s] of staff.entries()) {
          await t.deps.db('users').where({ id: s.id }).update({ role: ROLES[i] })
        }
        await t.deps.db('users').where({ id: candidate.id }).update({ role: 'customer' })
        // Each sequence starts its customers at level 1 again (the approved requests stay, a
        // second earlier than anything this sequence decides).
        t.clock.advance(1)
        await t.deps
          .db('customer_identities')
          .whereIn('user_id', [customer.id, insider.id])
          .update({ level: 1 })
        const waiting = (await t.deps
          .db('identity_reviews')
          .whereIn('user_id', [customer.id, insider.id])
          .where({ status: 'pending' })
          .pluck('id')) as number[]
        const world: World = {
          staff: staff.map((s) => ({ user: s.user, token: s.token })),
          customer: { user: customer.user, token: customer.token },
          candidate: { user: candidate.user, token: '' },
          candidateFirstToken: await t.deps.tokens.signAccess(candidate.user),
          insider: { user: insider.user, token: insider.token },
          orders: [],
          proposals: [],
          demoted: new Set(),
          reviews: waiting,
          levelsResetAt: t.clock.now(),
        }
        world.insider = world.staff[3]!
        for (const actor of [...world.staff, world.customer]) await signAgain(actor)
        steps += [...cmds].length
        await fc.asyncModelRun(() => ({ model: {}, real: world }), cmds)
        expect((await verifyChain(t.deps.db)).broken).toBeNull()
      }),
      { numRuns: RUNS, verbose: 1 },
    )
    const outcomes = (await t.deps
      .db('staff_proposals')
      .groupBy('status')
      .select('status')
      .count({ n: '*' })) as Array<{ status: string; n: string }>
    const seen = Object.fromEntries(outcomes.map((row) => [row.status, Number(row.n)]))
    console.info(
      `approvals model: ${RUNS} sequences, ${steps} steps, proposals ${JSON.stringify(seen)}`,
    )
    const approvedRoles = await t.deps
      .db('staff_proposals')
      .whereIn('kind', ['support_grant', 'support_revoke'])
      .where({ status: 'approved' })
      .count({ n: '*' })
      .first()
    console.info(`approvals model: role changes approved ${JSON.stringify(approvedRoles)}`)
    const raised = await t.deps
      .db('identity_reviews')
      .whereIn('user_id', [customer.id, insider.id])
      .where({ status: 'approved' })
      .count({ n: '*' })
      .first()
    console.info(`approvals model: level-2 requests approved ${JSON.stringify(raised)}`)
    expect(Number(raised?.n)).toBeGreaterThan(0)
    // The sequences reached what they are about: proposals approved and declined.
    expect(seen.approved ?? 0).toBeGreaterThan(0)
    expect(seen.declined ?? 0).toBeGreaterThan(0)
  })
})
