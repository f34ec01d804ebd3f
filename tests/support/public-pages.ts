/**
 * The public marketing pages (docs/product/site.md) and the heading each shows with the cms's seed
 * content (cms/src/seed/data). Shared by the public-site and accessibility tests.
 */
export const PUBLIC_PAGES: { path: string; heading: string; interactive?: boolean }[] = [
  { path: '/', heading: 'پرداخت ارزی خدمات بین‌المللی، با ریال' },
  { path: '/services/base', heading: 'خدمات پایه: شارژ حساب ارزی و پرداخت آزمون' },
  {
    path: '/services/intermediate',
    heading: 'خدمات میانی: نقد کردن درآمد ارزی و پرداخت اشتراک‌ها',
  },
  { path: '/services/specialized', heading: 'خدمات تخصصی: ویزا، سرویس ابری، دامنه و تبلیغات' },
  { path: '/intlexampayment', heading: 'ثبت‌نام و پرداخت هزینه آزمون‌های بین‌المللی' },
  { path: '/intlExamPayment', heading: 'ثبت‌نام و پرداخت هزینه آزمون‌های بین‌المللی' },
  { path: '/fx-topup', heading: 'شارژ حساب‌ها و کیف پول‌های ارزی با پرداخت ریالی' },
  { path: '/fx-cashout', heading: 'درآمد ارزی فریلنسری را به ریال نقد کنید' },
  { path: '/subscriptions-payment', heading: 'اشتراک سرویس‌های خارجی را با ریال بخرید' },
  { path: '/intl-ads', heading: 'شارژ حساب تبلیغات بین‌المللی' },
  { path: '/domain-hosting', heading: 'ثبت دامنه و خرید هاست بین‌المللی' },
  { path: '/cloud-vps', heading: 'پرداخت صورت‌حساب سرویس‌های ابری و VPS' },
  { path: '/visa-fees', heading: 'پرداخت هزینه ویزا، سفارت و مهاجرت' },
  { path: '/about', heading: 'درباره ارزپل' },
  { path: '/rates', heading: 'نرخ ارز و کارمزدها' },
  { path: '/terms', heading: 'قوانین و مقررات استفاده از ارزپل' },
  { path: '/blog', heading: 'وبلاگ ارزپل', interactive: true },
]

/** The terms page's 13 sections, by anchor (docs/product/site.md). */
export const TERMS_ANCHORS = [
  'intro',
  'acceptance',
  'eligibility',
  'kyc-aml',
  'payments-fees',
  'refunds',
  'service-rules',
  'privacy',
  'security',
  'liability',
  'disputes',
  'changes',
  'contact',
]
