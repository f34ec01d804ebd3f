import { PROPOSAL_MESSAGES } from '@arzpol/contracts/proposals'
import { createServer } from 'node:http'
import {
  closeServer,
  listenLocally,
  readBody,
  recordedCalls,
  sendJson,
} from '../../../tests/http-stand-in.ts'

/**
 * A local HTTP stand-in for payments-service's identity contract: the customer's
 * status, level 1, cards and level-2 documents, and the staff review, limits and inquiry calls.
 * It records what web sends (JSON parsed, multipart as text) and answers with the contract's
 * shapes; `answer('METHOD /path', status, body)` replaces one answer until `reset`.
 */

export interface IdentityCall {
  method: string
  path: string
  authorization: string | undefined
  contentType: string
  json: unknown
  raw: string
}

export interface FakeIdentity {
  url: string
  calls: IdentityCall[]
  /** The customer's state the status answer is built from. */
  state: { level: number; cards: { id: number; masked_number: string; bank_name: string }[] }
  answer(route: string, status: number, body: unknown): void
  reset(): void
  close(): Promise<void>
}

export const NOW = '2026-11-24T10:30:00.000Z'

const limits = (order: number, day: number, month: number) => ({
  per_order_irr: order * 10,
  per_day_irr: day * 10,
  per_month_irr: month * 10,
})

export const LEVEL_LIMITS = [
  limits(100_000_000, 200_000_000, 500_000_000),
  limits(500_000_000, 1_000_000_000, 3_000_000_000),
  limits(2_000_000_000, 5_000_000_000, 20_000_000_000),
]

export function identityStatus(level: number) {
  const current = LEVEL_LIMITS[level] ?? LEVEL_LIMITS[0]!
  const next = LEVEL_LIMITS[level + 1]
  return {
    level,
    identity:
      level >= 1
        ? {
            first_name: 'سارا',
            last_name: 'رضایی',
            national_code: '002*****50',
            birth_date: '1370/06/15',
            verified_at: NOW,
          }
        : null,
    limits: {
      ...current,
      today_remaining_irr: current.per_day_irr - 12_000_000,
      month_remaining_irr: current.per_month_irr - 12_000_000,
      today_used_irr: 12_000_000,
      month_used_irr: 12_000_000,
      reserved_irr: 0,
      reservations: [] as Array<{
        order_id: number
        kind: 'bank_payment' | 'payout'
        amount_irr: number
        until: string | null
      }>,
    },
    next_level: next
      ? { level: level + 1, steps: 'گام بعد', limits: next, available: level === 0 }
      : null,
    level2: {
      status: 'none',
      reason: null,
      decided_at: null,
      documents: [],
      missing: ['national_card', 'selfie'],
      can_upload: level === 1,
    },
  }
}

/** What payments-service answers a level-2 approval: a proposal for a second staff member. */
const PROPOSAL = {
  id: 31,
  kind: 'identity_level2',
  status: 'pending',
  subject: { type: 'identity_review', id: '5' },
  order_id: null,
  customer_id: 9,
  amount_irr: null,
  reference: null,
  proposed_by: { id: 2, username: 'support2' },
  proposed_at: '2026-11-29T08:00:00.000Z',
  note: null,
  expires_at: '2026-11-30T08:00:00.000Z',
  decided_by: null,
  decided_at: null,
  decision_reason: null,
}

const REVIEW = {
  id: 5,
  status: 'pending',
  customer: { id: 9, phone: '09121234567', username: '09121234567' },
  submitted_at: NOW,
  decided_at: null,
  decided_by: null,
  reason: null,
  level: 1,
  identity: {
    first_name: 'سارا',
    last_name: 'رضایی',
    national_code: '0024681350',
    birth_date: '1370/06/15',
    verified_at: NOW,
  },
  documents: [
    { id: 11, kind: 'national_card', content_type: 'image/png', size_bytes: 100, created_at: NOW },
    { id: 12, kind: 'selfie', content_type: 'image/jpeg', size_bytes: 200, created_at: NOW },
  ],
}

export async function startFakeIdentity(): Promise<FakeIdentity> {
  const state: FakeIdentity['state'] = { level: 0, cards: [] }
  const { calls, answerFor, answer, reset } = recordedCalls<IdentityCall>(() => {
    state.level = 0
    state.cards.length = 0
  })

  const server = createServer(async (req, res) => {
    const raw = (await readBody(req)).toString('utf8')
    const contentType = req.headers['content-type'] ?? ''
    let json: unknown = null
    if (contentType.startsWith('application/json') && raw) json = JSON.parse(raw)
    const path = req.url ?? '/'
    const method = req.method ?? 'GET'
    const send = (status: number, body?: unknown) => sendJson(res, status, body)
    if (path === '/api/auth/me/') return send(200, { id: 1, username: 'سارا', email: null })
    calls.push({ method, path, authorization: req.headers.authorization, contentType, json, raw })
    const override = answerFor(`${method} ${path}`)
    if (override) return send(override.status, override.body)

    const route = `${method} ${path}`
    if (route === 'GET /api/me/identity/') return send(200, identityStatus(state.level))
    if (route === 'POST /api/me/identity/') {
      state.level = 1
      return send(200, identityStatus(1))
    }
    if (route === 'GET /api/me/identity/cards/')
      return send(
        200,
        state.cards.map((card) => ({ ...card, created_at: NOW })),
      )
    if (route === 'POST /api/me/identity/cards/') {
      const card = {
        id: state.cards.length + 1,
        masked_number: '603799******0006',
        bank_name: 'بانک ملی',
      }
      state.cards.push(card)
      return send(201, { ...card, created_at: NOW })
    }
    const removal = /^DELETE \/api\/me\/identity\/cards\/(\d+)\/$/.exec(route)
    if (removal) return send(204)
    if (route === 'POST /api/me/identity/documents/') {
      return send(201, {
        document: {
          id: 1,
          kind: 'national_card',
          content_type: 'image/png',
          size_bytes: 10,
          created_at: NOW,
        },
        level2: { ...identityStatus(1).level2, missing: ['selfie'] },
      })
    }
    if (route === 'GET /api/staff/identity/reviews/5/') return send(200, REVIEW)
    if (route === 'POST /api/staff/identity/reviews/5/approve/') {
      // One staff member's approval is a proposal a second one approves (ADR 039).
      return send(202, { code: 'proposed', detail: PROPOSAL_MESSAGES.proposed, proposal: PROPOSAL })
    }
    if (route === 'POST /api/staff/identity/reviews/5/reject/')
      return send(200, { ...REVIEW, status: 'rejected' })
    if (route === 'PUT /api/staff/identity-levels/' || route === 'GET /api/staff/identity-levels/')
      return send(200, {
        levels: LEVEL_LIMITS.map((l, level) => ({
          level,
          per_order_toman: l.per_order_irr / 10,
          per_day_toman: l.per_day_irr / 10,
          per_month_toman: l.per_month_irr / 10,
          updated_at: null,
          updated_by: null,
        })),
      })
    send(404, { detail: 'یافت نشد' })
  })
  return {
    url: await listenLocally(server),
    calls,
    state,
    answer,
    reset,
    close: () => closeServer(server),
  }
}
