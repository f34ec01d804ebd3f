import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

import { cmsDir } from './paths'

// The admin packages whose screens editors and moderators see (the home page, the content
// manager, the media library, releases), with the prefix Strapi gives a plugin's message ids.
const PACKAGES = [
  { pkg: '@strapi/admin', translations: 'dist/admin/admin/src/translations', prefix: '' },
  {
    pkg: '@strapi/content-manager',
    translations: 'dist/admin/translations',
    prefix: 'content-manager.',
  },
  { pkg: '@strapi/upload', translations: 'dist/admin/translations', prefix: 'upload.' },
  {
    pkg: '@strapi/content-releases',
    translations: 'dist/admin/translations',
    prefix: 'content-releases.',
  },
]

function packageDir(pkg: string): string {
  // The packages' export maps hide their files, so look in node_modules the way Node would.
  for (let dir = cmsDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', pkg)
    if (existsSync(candidate)) return candidate
    if (path.dirname(dir) === dir) throw new Error(`${pkg} is not installed`)
  }
}

function moduleFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    // Enterprise screens, Strapi's own test utilities and the translation tables themselves.
    if (entry.isDirectory())
      return ['ee', 'tests', 'translations'].includes(entry.name) ? [] : moduleFiles(file)
    return entry.name.endsWith('.mjs') ? [file] : []
  })
}

// `{ id: 'x', defaultMessage: 'y' }` or `{ id: getTranslation('x'), defaultMessage: 'y' }`: many
// messages exist only in the code, with their English as the default, and never in en.json.
const MESSAGE_IN_CODE =
  /id:\s*(?:(getTranslation|getTrad)\()?\s*(['"`])([^'"`$]+)\2\)?\s*,\s*defaultMessage:\s*(['"`])((?:\\.|(?!\4).)*)\4/g

/** Every message id those screens use, with its English text. */
export async function strapiAdminMessages(): Promise<Record<string, string>> {
  const messages: Record<string, string> = {}
  for (const { pkg, translations, prefix } of PACKAGES) {
    const dir = packageDir(pkg)
    for (const file of moduleFiles(path.join(dir, 'dist/admin'))) {
      for (const match of readFileSync(file, 'utf8').matchAll(MESSAGE_IN_CODE)) {
        messages[(match[1] ? prefix : '') + match[3]] = match[5]!
      }
    }
    const table = pathToFileURL(path.join(dir, translations, 'en.json.mjs')).href
    const { default: english } = (await import(table)) as { default: Record<string, string> }
    for (const [id, text] of Object.entries(english)) messages[prefix + id] = text
  }
  return messages
}
