import type { Core } from '@strapi/strapi'

/** Bump to apply changed labels again (applied once: an admin may rename a field's label). */
export const ADMIN_LABELS_VERSION = 2

/**
 * The Persian labels editors and moderators read above every field of the admin's forms and on
 * the lists, instead of the code names (`paymentType`, `whyTitle`, `buttonLink`). Most names mean
 * the same in every type; a type or component's own entry wins.
 */
const BY_NAME: Record<string, string> = {
  title: 'عنوان',
  slug: 'نامک (بخش پایانی نشانی)',
  description: 'توضیح',
  name: 'نام',
  intro: 'مقدمه',
  seo: 'سئو (عنوان و توضیح برای موتورهای جست‌وجو)',
  hero: 'بخش بالای صفحه',
  stats: 'آمار',
  steps: 'مراحل',
  stepsTitle: 'عنوان مراحل',
  faq: 'پرسش‌های متداول',
  closing: 'بخش پایانی',
  cards: 'کارت‌ها',
  cardsTitle: 'عنوان کارت‌ها',
  posts: 'نوشته‌ها',
  content: 'متن',
  excerpt: 'خلاصه (در فهرست وبلاگ)',
  cover: 'تصویر جلد',
  category: 'دسته‌بندی',
  author: 'نویسنده',
  date: 'تاریخ انتشار',
  icon: 'نماد',
  buttonLabel: 'متن دکمه',
  buttonLink: 'پیوند دکمه',
  link: 'پیوند',
  label: 'برچسب',
  url: 'نشانی',
  value: 'مقدار',
  text: 'متن',
  body: 'متن',
  note: 'یادداشت',
  heading: 'عنوان',
  items: 'موارد',
  image: 'تصویر',
  reason: 'دلیل',
  version: 'نسخه',
  sections: 'بندها',
  // Strapi's own fields of every entry.
  id: 'شناسه',
  documentId: 'شناسهٔ سند',
  createdAt: 'ساخته‌شده در',
  updatedAt: 'آخرین تغییر',
  publishedAt: 'منتشرشده در',
  createdBy: 'سازنده',
  updatedBy: 'آخرین ویرایشگر',
  locale: 'زبان',
  localizations: 'نسخه‌های زبان‌های دیگر',
}

const BY_TYPE: Record<string, Record<string, string>> = {
  'api::about-page.about-page': {
    badges: 'نشان‌ها',
    mission: 'مأموریت',
    vision: 'چشم‌انداز',
    values: 'ارزش‌ها',
    contactTitle: 'عنوان تماس',
    contactText: 'متن تماس',
  },
  'api::author.author': { bio: 'معرفی کوتاه', avatar: 'تصویر نویسنده' },
  'api::comment-rule.comment-rule': {
    phrase: 'عبارت (نگه‌داشتن دیدگاه‌هایی که آن را دارند)',
    reason: 'دلیلی که ناظر می‌بیند',
    enabled: 'فعال',
    note: 'یادداشت برای ناظران دیگر',
  },
  'api::comment.comment': {
    post: 'نوشته',
    content: 'متن دیدگاه',
    authorId: 'شناسهٔ نویسنده',
    authorUsername: 'نام کاربری نویسنده',
    authorPhone: 'شمارهٔ نویسنده',
    moderationStatus: 'وضعیت بررسی',
    spamReason: 'دلیل هرزنامه',
    heldReason: 'دلیل نگه‌داشتن برای بررسی',
    moderatorNote: 'دلیل تصمیم ناظر',
  },
  'api::landing-page.landing-page': {
    tiersTitle: 'عنوان سطح‌های خدمت',
    tiers: 'سطح‌های خدمت',
    reasonsTitle: 'عنوان دلایل انتخاب ما',
    reasons: 'دلایل انتخاب ما',
  },
  'api::service-page.service-page': {
    paymentType: 'نوع پرداخت (کد سفارش)',
    cta: 'کادر دعوت به اقدام',
    about: 'دربارهٔ خدمت',
    features: 'ویژگی‌ها',
  },
  'api::site-setting.site-setting': {
    brandName: 'نام برند',
    tagline: 'شعار',
    supportPhone: 'تلفن پشتیبانی',
    supportEmail: 'ایمیل پشتیبانی',
    address: 'نشانی',
    workingHours: 'ساعت‌های کاری',
    footerText: 'متن پانویس',
    footerLinks: 'پیوندهای پانویس',
    socialLinks: 'شبکه‌های اجتماعی',
    copyright: 'متن حق نشر',
  },
  'api::terms-version.terms-version': { updatedJalali: 'تاریخ به‌روزرسانی (شمسی)' },
  'api::tier-page.tier-page': {
    documentsTitle: 'عنوان مدارک',
    documents: 'مدارک',
    comparisonTitle: 'عنوان مقایسه',
    comparison: 'جدول مقایسه',
  },
  'sections.about': { bullets: 'نکته‌ها' },
  'sections.comparison-row': {
    service: 'خدمت',
    documents: 'مدارک',
    time: 'زمان',
    complexity: 'پیچیدگی',
  },
  'sections.cta-box': { note: 'یادداشت زیر دکمه' },
  'sections.faq': { items: 'پرسش‌ها', whyTitle: 'عنوان «چرا ما»', whyItems: 'موارد «چرا ما»' },
  'sections.hero': {
    subtitle: 'زیرعنوان',
    secondaryLabel: 'متن دکمهٔ دوم',
    secondaryLink: 'پیوند دکمهٔ دوم',
  },
  'shared.faq-item': { question: 'پرسش', answer: 'پاسخ' },
  'shared.seo': {
    metaTitle: 'عنوان برای موتورهای جست‌وجو',
    metaDescription: 'توضیح برای موتورهای جست‌وجو',
  },
  'shared.why-item': { badgeColor: 'رنگ نشان' },
  'terms.section': { anchor: 'شناسهٔ بند در نشانی (#)' },
}

/** The Persian label of a field of our content type or component, if it has one. */
export function labelOf(uid: string, field: string): string | undefined {
  return BY_TYPE[uid]?.[field] ?? BY_NAME[field]
}

interface Configuration {
  settings: Record<string, unknown>
  metadatas: Record<string, { edit?: Record<string, unknown>; list?: Record<string, unknown> }>
  layouts: Record<string, unknown>
}

interface ConfigurableService {
  findConfiguration(model: unknown): Promise<Configuration>
  updateConfiguration(model: unknown, configuration: Configuration): Promise<unknown>
}

/** Our content types and components: the ones whose forms editors fill in. */
export function ownModels(strapi: Core.Strapi): { uid: string; attributes: string[] }[] {
  const types = Object.values(strapi.contentTypes).filter((type) => type.uid.startsWith('api::'))
  // `id` is not an attribute, yet it is a column of every list.
  return [...types, ...Object.values(strapi.components)].map((model) => ({
    uid: model.uid,
    attributes: [...new Set(['id', ...Object.keys(model.attributes)])],
  }))
}

/** Writes the Persian labels into the admin's view settings of every model of ours. Once only. */
export async function applyAdminLabels(strapi: Core.Strapi): Promise<boolean> {
  const store = strapi.store({ type: 'core', name: 'arzpol' })
  if ((await store.get({ key: 'admin-labels' })) === ADMIN_LABELS_VERSION) return false
  const plugin = strapi.plugin('content-manager')
  const services = {
    types: plugin.service('content-types') as unknown as ConfigurableService,
    components: plugin.service('components') as unknown as ConfigurableService,
  }
  for (const { uid, attributes } of ownModels(strapi)) {
    const isType = uid.startsWith('api::')
    const service = isType ? services.types : services.components
    const model = isType ? strapi.contentTypes[uid as never] : strapi.components[uid as never]
    const configuration = await service.findConfiguration(model)
    const metadatas = { ...configuration.metadatas }
    for (const field of attributes) {
      const label = labelOf(uid, field)
      const current = metadatas[field]
      if (!label || !current) continue
      metadatas[field] = {
        ...current,
        edit: { ...current.edit, label },
        list: { ...current.list, label },
      }
    }
    await service.updateConfiguration(model, { ...configuration, metadatas })
  }
  await store.set({ key: 'admin-labels', value: ADMIN_LABELS_VERSION })
  return true
}
