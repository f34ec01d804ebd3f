import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_CARDS } from './cards.ts'
import { CARD_NOT_ALLOWED, escapeHtml } from './page.ts'
import { startSandboxBank, type SandboxBank } from './server.ts'
import { requestToken } from '../test/sandbox-bank.ts'

/**
 * ADR 024: like SEP for a merchant it has enabled, the sandbox bank's payment page
 * refuses a card whose SHA-256 is not the token's `HashedCardNumber`, and keeps the page open
 * for the allowed card or a cancel. With the restriction ignored (a bank without VSEP, for the
 * tests of our own verify-answer check) any card pays.
 */

const TERMINAL = '2015'
const sha256 = (digits: string) => createHash('sha256').update(digits).digest('hex')

let bank: SandboxBank
let serial = 0

beforeAll(async () => {
  bank = await startSandboxBank({ port: 0, terminalIds: [TERMINAL] })
})
afterAll(() => bank.close())

async function token(hashedCardNumber?: string): Promise<string> {
  serial += 1
  const body = await requestToken(bank.url, {
    TerminalId: TERMINAL,
    ResNum: `restriction-${serial}`,
    HashedCardNumber: hashedCardNumber,
  })
  expect(body.status).toBe(1)
  return body.token
}

async function openPage(value: string) {
  const response = await fetch(`${bank.url}/onlinepg/onlinepg`, {
    method: 'POST',
    body: new URLSearchParams({ Token: value, GetMethod: '' }),
  })
  return { status: response.status, html: await response.text() }
}

async function submit(value: string, pan: string, action: 'pay' | 'cancel' = 'pay') {
  const response = await fetch(`${bank.url}/OnlinePG/pay`, {
    method: 'POST',
    body: new URLSearchParams({ Token: value, action, pan, cvv2: '123', pin2: '123456' }),
  })
  const html = await response.text()
  const field = (name: string) =>
    new RegExp(`<input type="hidden" name="${name}" value="([^"]*)">`).exec(html)?.[1]
  return { status: response.status, html, state: field('State'), hashed: field('HashedCardNumber') }
}

describe('the token restricted to one card (HashedCardNumber)', () => {
  it('refuses another card on the page, which stays open; the allowed card then pays', async () => {
    const value = await token(sha256(TEST_CARDS.success))
    expect((await openPage(value)).html).toContain('data-testid="card-restricted"')

    const refused = await submit(value, TEST_CARDS.other)
    expect(refused.status).toBe(400)
    expect(refused.html).toContain(escapeHtml(CARD_NOT_ALLOWED))
    expect(refused.state).toBeUndefined()
    expect(bank.payments().some((payment) => payment.hashedPan === sha256(TEST_CARDS.other))).toBe(
      false,
    )

    // Typed with spaces, as people do: the digits decide.
    const paid = await submit(value, '6219 8610 0000 0009')
    expect(paid).toMatchObject({ status: 200, state: 'OK', hashed: sha256(TEST_CARDS.success) })
  })

  it("refuses before the card's own outcome; a cancel after a refusal is CanceledByUser", async () => {
    const value = await token(sha256(TEST_CARDS.success).toUpperCase())
    for (const card of [TEST_CARDS.insufficientFunds, TEST_CARDS.noReversal, '1234']) {
      expect((await submit(value, card)).html, card).toContain(escapeHtml(CARD_NOT_ALLOWED))
    }
    expect((await submit(value, '', 'cancel')).state).toBe('CanceledByUser')
  })

  it('a token without a restriction is paid by any card', async () => {
    const value = await token()
    expect((await openPage(value)).html).not.toContain('data-testid="card-restricted"')
    expect((await submit(value, TEST_CARDS.other)).state).toBe('OK')
  })

  it('a bank that ignores the restriction lets another card pay (tests of the verify answer)', async () => {
    bank.setCardRestriction('ignored')
    try {
      const value = await token(sha256(TEST_CARDS.success))
      expect((await openPage(value)).html).not.toContain('data-testid="card-restricted"')
      const paid = await submit(value, TEST_CARDS.other)
      expect(paid).toMatchObject({ state: 'OK', hashed: sha256(TEST_CARDS.other) })
      expect(bank.tokenRequests().at(-1)?.hashedCardNumber).toBe(sha256(TEST_CARDS.success))
    } finally {
      bank.setCardRestriction('enforced')
    }
  })
})
