import type { StrapiApp } from '@strapi/strapi/admin'

// The admin is used in English: @strapi/admin 5.54 ships no Persian ('fa') translations.
export default {
  config: {
    locales: [],
    // No release check against GitHub from the browser (the admin must work offline).
    notifications: { releases: false },
    tutorials: false,
  },
  bootstrap(_app: StrapiApp) {},
}
