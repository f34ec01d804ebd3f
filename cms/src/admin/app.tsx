import type { StrapiApp } from '@strapi/strapi/admin'

import { CHOICE_LABELS } from './choice-labels'
import fa from './extensions/translations/fa.json'
import { installPersianTypography, PERSIAN, preferPersianInterface } from './persian'

export default {
  config: {
    // Persian is offered beside English; its texts cover every screen editors and moderators
    // use (tests/admin-translations.test.ts lists any left in English).
    locales: [PERSIAN],
    translations: { [PERSIAN]: { ...fa, ...CHOICE_LABELS } },
    // No release check against GitHub from the browser (the admin must work offline).
    notifications: { releases: false },
    tutorials: false,
  },
  bootstrap(_app: StrapiApp) {
    preferPersianInterface()
    installPersianTypography()
  },
}
