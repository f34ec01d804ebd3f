import type { Plugin, UserConfig } from 'vite'

// Strapi lists the admin languages a user may pick from a fixed table of native names, and drops
// any configured locale that table does not know; Persian is not in it. This adds «فارسی» to the
// table while the admin is bundled, so `locales: ['fa']` in app.tsx is honoured. Strapi's own
// code is otherwise untouched, and a Strapi upgrade that moves or renames the table fails the
// build instead of silently falling back to English.
const NATIVE_NAMES_MODULE =
  /[\\/]@strapi[\\/]admin[\\/]dist[\\/]admin[\\/]admin[\\/]src[\\/]translations[\\/]languageNativeNames\.m?js$/
const TABLE_OPENING = 'const languageNativeNames = {'

function persianInLanguageTable(): Plugin {
  let building = false
  let extended = false
  return {
    name: 'arzpol:persian-in-language-table',
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build'
    },
    transform(code, id) {
      if (!NATIVE_NAMES_MODULE.test(id)) return null
      if (!code.includes(TABLE_OPENING)) {
        this.error(`Strapi's language table changed shape (${id}); Persian cannot be added to it`)
      }
      extended = true
      return code.replace(TABLE_OPENING, `${TABLE_OPENING}\n    fa: 'فارسی',`)
    },
    buildEnd() {
      if (building && !extended) {
        this.error("Strapi's language table was not found: the admin would offer no Persian")
      }
    },
  }
}

export default (config: UserConfig): UserConfig => ({
  ...config,
  plugins: [...(config.plugins ?? []), persianInLanguageTable()],
})
