import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { cardBankName } from '@arzpol/contracts/identity/cards'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { BANK_LOGOS, BankLogo, bankLogoCode, bankLogoLinks } from './bank-logo.tsx'

/**
 * Every BIN `@persian-tools` knows (its table, version of the lockfile), so that a name it gives
 * a card is a decision here: a logo, or deliberately none.
 */
const KNOWN_BINS = [
  '636214', '627412', '627381', '505785', '622106', '627884', '639194', '502229', '639347',
  '627760', '585983', '627353', '502908', '207177', '627648', '636949', '585947', '502938',
  '504172', '589463', '621986', '589210', '639607', '639346', '502806', '504706', '603769',
  '903769', '627961', '639370', '639599', '627488', '502910', '603770', '639217', '505416',
  '505426', '636797', '628023', '610433', '991975', '170019', '603799', '606373', '505801',
  '606256', '628157', '636795', '507677',
] // prettier-ignore

const sprites = readFileSync(
  path.join(
    path.dirname(createRequire(import.meta.url).resolve('iranianbanklogos/package.json')),
    'dist/ibl.css',
  ),
  'utf8',
)

describe('bank logos', () => {
  it('has a decision for every bank name a known BIN gives, and for no other name', () => {
    // The contract's name for a card is the one payments-service stores.
    const names = new Set(KNOWN_BINS.map((bin) => cardBankName(bin)))
    expect(names.has(null)).toBe(false)
    for (const name of names) expect(Object.keys(BANK_LOGOS), String(name)).toContain(name)
    expect(Object.keys(BANK_LOGOS).filter((name) => !names.has(name))).toEqual([])
    // The big banks all have one.
    expect(bankLogoCode(cardBankName('603799') ?? '')).toBe('bmi')
    expect(bankLogoCode(cardBankName('610433') ?? '')).toBe('mellat')
    expect(bankLogoCode(cardBankName('621986') ?? '')).toBe('sb')
  })

  it('names only classes the sprite sheet has', () => {
    for (const code of Object.values(BANK_LOGOS)) {
      if (code !== null) expect(sprites, code).toContain(`.ibl32.ibl-${code}{`)
    }
  })

  it('is decorative beside the name, and nothing for a bank without a logo', () => {
    const render = (bankName: string) => renderToStaticMarkup(createElement(BankLogo, { bankName }))
    expect(render('بانک سامان')).toBe(
      '<span aria-hidden="true" data-bank-logo="sb" class="ibl32 ibl-sb shrink-0 rounded-md"></span>',
    )
    expect(render('موسسه کوثر')).toBe('')
    expect(render('بانکی که نیست')).toBe('')
  })

  it('gives routes that show cards the sprites as a stylesheet', () => {
    // Vitest serves no CSS (the URL is empty here); the build gives the asset's address.
    expect(bankLogoLinks()).toEqual([{ rel: 'stylesheet', href: expect.any(String) }])
  })
})
