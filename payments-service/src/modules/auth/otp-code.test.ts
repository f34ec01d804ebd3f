import { generateKeyPairSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createOtpCodes } from './otp-code.ts'

const key = () => generateKeyPairSync('ed25519').privateKey

describe('OTP codes', () => {
  const codes = createOtpCodes(key())

  it('are 4 digits, stable for a nonce and accepted only as themselves', async () => {
    const nonce = codes.newNonce()
    const code = await codes.codeFor(nonce)
    expect(code).toMatch(/^\d{4}$/)
    expect(await codes.codeFor(nonce)).toBe(code)
    expect(await codes.matches(nonce, code)).toBe(true)
    const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0')
    expect(await codes.matches(nonce, wrong)).toBe(false)
    expect(await codes.matches(nonce, `${code}0`)).toBe(false)
    expect(await codes.matches(nonce, '')).toBe(false)
  })

  it('depend on the server key, so the stored nonce alone does not give the code', async () => {
    const other = createOtpCodes(key())
    const nonces = Array.from({ length: 20 }, () => codes.newNonce())
    const mine = await Promise.all(nonces.map((nonce) => codes.codeFor(nonce)))
    const theirs = await Promise.all(nonces.map((nonce) => other.codeFor(nonce)))
    expect(mine).not.toEqual(theirs)
  })

  it('spread over the whole 0000-9999 range', async () => {
    const seen = await Promise.all(
      Array.from({ length: 400 }, () => codes.codeFor(codes.newNonce())),
    )
    const firstDigits = new Set(seen.map((code) => code[0]))
    expect(firstDigits.size).toBe(10)
  })
})
