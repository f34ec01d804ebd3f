import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { beforeAll, describe, expect, it } from 'vitest'

import { CHOICE_LABELS } from '../src/admin/choice-labels'
import { OWN_MESSAGES_ENGLISH, OWN_MESSAGES_PERSIAN } from '../src/admin/own-messages'
import { cmsDir } from './paths'
import { strapiAdminMessages } from './strapi-admin-messages'

// Messages that read the same in Persian: product names, HTML keywords and axis letters.
const SAME_IN_PERSIAN = new Set([
  'app.components.BlockLink.cloud',
  'global.plugins.graphql',
  'global.plugins.sentry',
  'components.Blocks.popover.link.rel.placeholder',
  'components.Blocks.popover.link.target.placeholder',
  'upload.asset-details.crop.focal-x-axis',
  'upload.asset-details.crop.focal-y-axis',
])
// Technical tokens that stay Latin inside Persian text.
const LATIN_TOKENS = /\b(?:API|URL|JSON|UID|ID|SSO|CSV|GIF|PDF|XLS|ZIP|Strapi)\b/gi

const persian = JSON.parse(
  readFileSync(path.join(cmsDir, 'src/admin/extensions/translations/fa.json'), 'utf8'),
) as Record<string, string>

// Some of Strapi's English messages have a select without an `other` branch; react-intl renders
// them, so the parser must accept them too.
const parseMessage = (message: string) => parse(message, { requiresOtherClause: false })

/** The words a reader sees: the message without its placeholders and tags. */
function visibleText(message: string): string {
  const words: string[] = []
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.literal) words.push(element.value)
      if (element.type === TYPE.tag) walk(element.children)
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        for (const option of Object.values(element.options)) walk(option.value)
      }
    }
  }
  walk(parseMessage(message))
  return words.join(' ')
}

const hasWords = (text: string) => /[A-Za-z]{2,}/.test(text.replace(LATIN_TOKENS, ''))

/** The arguments and tags a message uses: a translation must use the same ones. */
function argumentsOf(message: string): string {
  const found = new Set<string>()
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue
      found.add(element.type === TYPE.tag ? `<${element.value}>` : element.value)
      if (element.type === TYPE.tag) walk(element.children)
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        for (const option of Object.values(element.options)) walk(option.value)
      }
    }
  }
  walk(parseMessage(message))
  return [...found].sort().join(' ')
}

describe('the Persian admin', () => {
  let english: Record<string, string>
  beforeAll(async () => {
    english = await strapiAdminMessages()
  })

  it('has a Persian text for every message of the screens editors and moderators use', () => {
    const leftInEnglish = Object.keys(english).filter((id) => {
      const text = persian[id]
      if (text === undefined) return true
      if (SAME_IN_PERSIAN.has(id) || !hasWords(visibleText(english[id]!))) return false
      return !/[\u0600-\u06FF]/.test(text)
    })
    expect(leftInEnglish).toEqual([])
  })

  it('keeps every placeholder and tag of the English message, so nothing renders raw', () => {
    const broken = Object.keys(english)
      .filter((id) => persian[id] !== undefined)
      .filter((id) => {
        try {
          return argumentsOf(persian[id]!) !== argumentsOf(english[id]!)
        } catch {
          return true
        }
      })
    expect(broken).toEqual([])
  })

  it('holds no message Strapi does not have (a renamed id would hide a missing one)', () => {
    expect(Object.keys(persian).filter((id) => !(id in english))).toEqual([])
  })

  it('names every choice of our enumeration fields in Persian, without hiding a Strapi message', () => {
    const schemas = [
      ...readdirSync(path.join(cmsDir, 'src/api'))
        .map((api) => path.join(cmsDir, 'src/api', api, 'content-types', api, 'schema.json'))
        // An API of routes only (the preview) has no content type.
        .filter((file) => existsSync(file)),
      ...readdirSync(path.join(cmsDir, 'src/components')).flatMap((group) =>
        readdirSync(path.join(cmsDir, 'src/components', group)).map((file) =>
          path.join(cmsDir, 'src/components', group, file),
        ),
      ),
    ]
    const unnamed = schemas.flatMap((file) => {
      const { attributes } = JSON.parse(readFileSync(file, 'utf8')) as {
        attributes: Record<string, { type: string; enum?: string[] }>
      }
      return Object.entries(attributes)
        .filter(([name, attribute]) => attribute.type === 'enumeration' && name !== 'paymentType')
        .flatMap(([, attribute]) => attribute.enum!.filter((choice) => !CHOICE_LABELS[choice]))
    })
    expect(unnamed).toEqual([])
    expect(Object.keys(CHOICE_LABELS).filter((id) => id in english)).toEqual([])
  })

  it("has Persian for each message of our own additions, with their placeholders, apart from Strapi's", () => {
    const own = Object.entries(OWN_MESSAGES_ENGLISH)
    expect(own.length).toBeGreaterThan(0)
    expect(Object.keys(OWN_MESSAGES_PERSIAN).sort()).toEqual(own.map(([id]) => id).sort())
    for (const [id, defaultMessage] of own) {
      expect(id).toMatch(/^arzpol\.[a-z-]+\.[a-z-]+$/)
      expect(argumentsOf(OWN_MESSAGES_PERSIAN[id]!), id).toBe(argumentsOf(defaultMessage))
      expect(OWN_MESSAGES_PERSIAN[id], id).toMatch(/[\u0600-\u06FF]/)
      expect(english[id], id).toBeUndefined()
    }
  })
})
