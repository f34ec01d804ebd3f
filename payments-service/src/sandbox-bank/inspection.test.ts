import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_CARDS } from './cards.ts'
import { startSandboxBank, type SandboxBank } from './server.ts'
import { requestToken } from '../test/sandbox-bank.ts'

/**
 * What the bank saw of one payment, over HTTP: the end-to-end tests run the bank as a process of
 * its own and cannot read its memory, yet must count the verifies a callback storm caused.
 */

const TERMINAL = '2015'
let bank: SandboxBank

beforeAll(async () => {
  bank = await startSandboxBank({ port: 0, terminalIds: [TERMINAL] })
})
afterAll(() => bank.close())

async function paidRefNum(resNum: string): Promise<string> {
  const { token } = await requestToken(bank.url, { TerminalId: TERMINAL, ResNum: resNum })
  const page = await fetch(`${bank.url}/OnlinePG/pay`, {
    method: 'POST',
    body: new URLSearchParams({ Token: token, action: 'pay', pan: TEST_CARDS.success }),
  })
  const refNum = /name="RefNum" value="([^"]+)"/.exec(await page.text())?.[1]
  if (!refNum) throw new Error('no RefNum on the return page')
  return refNum
}

const call = (kind: 'Verify' | 'Reverse', refNum: string) =>
  fetch(`${bank.url}/verifyTxnRandomSessionkey/ipg/${kind}Transaction`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ RefNum: refNum, TerminalNumber: Number(TERMINAL) }),
  })

const inspect = (refNum: string) =>
  fetch(`${bank.url}/sandbox/payments/${encodeURIComponent(refNum)}`)

describe('GET /sandbox/payments/:refNum', () => {
  it('counts the verify and reverse calls each payment received, and its state', async () => {
    const refNum = await paidRefNum('inspect-1')
    const fresh = await inspect(refNum)
    expect(fresh.status).toBe(200)
    expect(await fresh.json()).toEqual({
      refNum,
      resNum: 'inspect-1',
      amount: 120_000,
      verified: false,
      reversed: false,
      verifyCalls: 0,
      reverseCalls: 0,
    })

    await call('Verify', refNum)
    await call('Verify', refNum)
    await call('Reverse', refNum)
    expect(await (await inspect(refNum)).json()).toMatchObject({
      verified: true,
      reversed: true,
      verifyCalls: 2,
      reverseCalls: 1,
    })
    // Another payment's counts are its own.
    const other = await paidRefNum('inspect-2')
    expect(await (await inspect(other)).json()).toMatchObject({ verifyCalls: 0, reverseCalls: 0 })
  })

  it('answers 404 for a reference it never issued', async () => {
    expect((await inspect('GmshtyjwKSu-unknown')).status).toBe(404)
  })
})

describe('PUT /sandbox/faults and GET /sandbox/stats', () => {
  const setFaults = (body: unknown) =>
    fetch(`${bank.url}/sandbox/faults`, { method: 'PUT', body: JSON.stringify(body) })
  const stats = async () =>
    (await (await fetch(`${bank.url}/sandbox/stats`)).json()) as Record<string, number>

  it('misbehaves as told from another process, counts the calls, and behaves again', async () => {
    const refNum = await paidRefNum('faults-1')
    const before = await stats()
    expect(before.tokenCalls).toBeGreaterThan(0)

    expect((await setFaults({ verify: { kind: 'down' } })).status).toBe(204)
    expect((await call('Verify', refNum)).status).toBe(503)
    expect((await setFaults({})).status).toBe(204)
    expect((await call('Verify', refNum)).status).toBe(200)
    // The call it was down for never reached the payment: one verify counted.
    expect(await stats()).toMatchObject({ verifyCalls: (before.verifyCalls ?? 0) + 1 })
  })

  it('says how many calls a slow fault holds', async () => {
    const refNum = await paidRefNum('faults-3')
    await setFaults({ verify: { kind: 'slow', ms: 300 } })
    const answer = call('Verify', refNum)
    await expect.poll(async () => (await stats()).heldCalls).toBe(1)
    expect((await answer).status).toBe(200)
    expect((await stats()).heldCalls).toBe(0)
    await setFaults({})
  })

  it('refuses faults it does not know, and keeps the ones it had', async () => {
    await setFaults({ verify: { kind: 'down' } })
    for (const body of [null, { receipt: { kind: 'burn' } }, { charge: { kind: 'down' } }]) {
      expect((await setFaults(body)).status).toBe(400)
    }
    const refNum = await paidRefNum('faults-2')
    expect((await call('Verify', refNum)).status).toBe(503)
    await setFaults({})
  })
})
