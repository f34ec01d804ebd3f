import type { HeadersFunction } from '@remix-run/node'

/** The public marketing pages (docs/product/site.md): paths, Persian names and descriptions. */

export const TIER_PAGES = {
  base: {
    title: 'خدمات پایه',
    description:
      'شارژ حساب‌ها و کیف پول‌های ارزی، کارت هدیه بین‌المللی و پرداخت هزینه آزمون‌ها با ریال؛ نرخ قفل‌شده و رسید رسمی.',
  },
  intermediate: {
    title: 'خدمات میانی',
    description:
      'نقد کردن درآمد فریلنسری از پلتفرم‌های خارجی به ریال و پرداخت اشتراک سرویس‌های خارجی با ارزپل.',
  },
  specialized: {
    title: 'خدمات تخصصی',
    description:
      'پرداخت هزینه ویزا و مهاجرت، سرویس ابری و سرور مجازی، دامنه و هاست و تبلیغات بین‌المللی با ریال.',
  },
} as const

export type TierSlug = keyof typeof TIER_PAGES

export function isTierSlug(value: string | undefined): value is TierSlug {
  return value !== undefined && Object.hasOwn(TIER_PAGES, value)
}

export const SERVICE_PAGES = {
  intlexampayment: {
    title: 'پرداخت هزینه آزمون‌های بین‌المللی',
    description: 'ثبت‌نام و پرداخت ریالی هزینه آزمون‌های TOEFL، IELTS، GRE، GMAT و SAT با ارزپل.',
  },
  'fx-topup': {
    title: 'شارژ حساب ارزی',
    description: 'شارژ کیف پول و حساب‌های ارزی با پرداخت ریالی و نرخ قفل‌شده ۱۵ دقیقه‌ای.',
  },
  'fx-cashout': {
    title: 'نقد کردن درآمد ارزی',
    description: 'تسویه ریالی درآمد فریلنسری از پلتفرم‌های خارجی در ۲ تا ۲۴ ساعت کاری.',
  },
  'subscriptions-payment': {
    title: 'پرداخت اشتراک سرویس‌های خارجی',
    description: 'خرید و تمدید اشتراک سرویس‌های خارجی با پرداخت ریالی و فعال‌سازی سریع.',
  },
  'intl-ads': {
    title: 'تبلیغات بین‌المللی',
    description: 'شارژ حساب تبلیغات بین‌المللی با پرداخت ریالی در ۳۰ دقیقه تا ۶ ساعت.',
  },
  'domain-hosting': {
    title: 'دامنه و هاست',
    description: 'ثبت و انتقال دامنه با بیش از ۴۰۰ پسوند و هاست با ۹۹٫۹٪ دسترس‌پذیری، با ریال.',
  },
  'cloud-vps': {
    title: 'سرویس ابری و سرور مجازی',
    description: 'پرداخت صورتحساب سرویس‌های ابری و سرور مجازی خارجی با ریال.',
  },
  'visa-fees': {
    title: 'پرداخت هزینه ویزا',
    description: 'پرداخت ریالی هزینه ویزا و مهاجرت در ۲ تا ۴۸ ساعت با رسید رسمی.',
  },
} as const

export type ServiceSlug = keyof typeof SERVICE_PAGES

export const SERVICE_SLUGS = Object.keys(SERVICE_PAGES) as ServiceSlug[]

export function isServiceSlug(value: string): value is ServiceSlug {
  return Object.hasOwn(SERVICE_PAGES, value)
}

/** The site's own pages: paths, and the name and description used when the cms gives none. */
export const SITE_PAGES = {
  about: {
    path: '/about',
    title: 'درباره ما',
    description:
      'ارزپل پرداخت‌های ارزی کاربران ایرانی را با نرخ شفاف، رسید رسمی و پشتیبانی ۲۴ ساعته انجام می‌دهد.',
  },
  rates: {
    path: '/rates',
    title: 'نرخ ارز و کارمزدها',
    description:
      'نرخ امروز دلار، یورو، پوند، لیر و درهم به تومان، نمودار ۳۰ روز گذشته و کارمزد هر خدمت ارزپل.',
  },
  terms: {
    path: '/terms',
    title: 'قوانین و مقررات',
    description:
      'قوانین و مقررات استفاده از ارزپل: شرایط کاربران، احراز هویت، پرداخت‌ها و کارمزدها، استرداد، حریم خصوصی و حل اختلاف.',
  },
} as const

/** Every public page a crawler should know about (blog posts are added by the sitemap). */
export const PUBLIC_PATHS: string[] = [
  '/',
  ...Object.keys(TIER_PAGES).map((slug) => `/services/${slug}`),
  ...SERVICE_SLUGS.map((slug) => `/${slug}`),
  SITE_PAGES.about.path,
  SITE_PAGES.rates.path,
  SITE_PAGES.terms.path,
  '/blog',
]

/** A public page's document carries its loader's headers (`Retry-After` while the cms is down). */
export const pageHeaders: HeadersFunction = ({ loaderHeaders }) => loaderHeaders
