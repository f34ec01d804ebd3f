import type { ContentManagerPlugin } from '@strapi/content-manager/strapi-admin'
import type { StrapiApp } from '@strapi/strapi/admin'

import { BULK_MODERATION_ACTIONS } from './bulk-moderation'
import { nameChoicesInLists, LIST_COLUMNS_HOOK } from './choice-column'
import { CHOICE_LABELS } from './choice-labels'
import { watchDesignSystemDefaults } from './design-system-labels'
import fa from './extensions/translations/fa.json'
import { heldCommentsWidget } from './held-comments-widget'
import { OWN_MESSAGES_PERSIAN } from './own-messages'
import { installPersianTypography, PERSIAN, preferPersianInterface } from './persian'

type ContentManagerApis = ContentManagerPlugin['config']['apis']

export default {
  config: {
    // Persian is offered beside English; its texts cover every screen editors and moderators
    // use (tests/admin-translations.test.ts lists any left in English).
    locales: [PERSIAN],
    translations: { [PERSIAN]: { ...fa, ...CHOICE_LABELS, ...OWN_MESSAGES_PERSIAN } },
    // No release check against GitHub from the browser (the admin must work offline).
    notifications: { releases: false },
    tutorials: false,
  },
  register(app: StrapiApp) {
    app.widgets.register(heldCommentsWidget)
  },
  bootstrap(app: StrapiApp) {
    preferPersianInterface()
    installPersianTypography()
    watchDesignSystemDefaults(() => document.documentElement.lang === PERSIAN)
    app.registerHook(LIST_COLUMNS_HOOK, nameChoicesInLists)
    const contentManager = app.getPlugin('content-manager').apis as ContentManagerApis
    contentManager.addBulkAction(BULK_MODERATION_ACTIONS)
  },
}
