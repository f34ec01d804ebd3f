import type { LandingContent } from '~/features/site/public-pages.ts'

/**
 * The landing page when the cms cannot be reached: the landing page is also where customers sign
 * in, so it never shows an error, only this shorter built-in copy (hero, the three tiers, three
 * reasons).
 */
export const LANDING_FALLBACK: LandingContent = {
  hero: {
    title: 'ارزپل؛ پرداخت ارزی بین‌المللی با ریال',
    subtitle:
      'هزینه سرویس‌ها، آزمون‌ها و اشتراک‌های خارجی را به ارز پرداخت کنید و مبلغ را به ریال تسویه کنید؛ بدون نیاز به کارت یا حساب خارجی.',
    buttonLabel: 'شروع کنید',
    buttonLink: '/?auth=register',
    secondaryLabel: 'مشاهده خدمات',
    secondaryLink: '/services/base',
  },
  tiersTitle: 'خدمات ارزپل',
  tiers: [
    {
      title: 'خدمات پایه',
      description:
        'شارژ کیف پول و حساب‌های ارزی، گیفت کارت‌های بین‌المللی و پرداخت هزینه آزمون‌های بین‌المللی.',
      icon: 'wallet',
      buttonLabel: 'مشاهده خدمات پایه',
      link: '/services/base',
    },
    {
      title: 'خدمات میانی',
      description:
        'نقد کردن درآمد فریلنسری از پلتفرم‌های خارجی به ریال و پرداخت اشتراک سرویس‌های خارجی.',
      icon: 'repeat',
      buttonLabel: 'مشاهده خدمات میانی',
      link: '/services/intermediate',
    },
    {
      title: 'خدمات تخصصی',
      description:
        'پرداخت هزینه ویزا و مهاجرت، صورتحساب کلاد و سرور مجازی، دامنه و هاست و تبلیغات بین‌المللی.',
      icon: 'briefcase',
      buttonLabel: 'مشاهده خدمات تخصصی',
      link: '/services/specialized',
    },
  ],
  reasonsTitle: 'چرا ارزپل؟',
  reasons: [
    {
      title: 'امنیت',
      description: 'اطلاعات و پرداخت شما محافظت می‌شود و برای هر سفارش رسید رسمی صادر می‌شود.',
      icon: 'shield',
    },
    {
      title: 'سرعت',
      description:
        'نرخ ارز هنگام ثبت سفارش قفل می‌شود (برای شارژ حساب ۱۵ دقیقه) و سفارش بی‌معطلی انجام می‌شود.',
      icon: 'zap',
    },
    {
      title: 'پشتیبانی ۲۴/۷',
      description: 'تیم پشتیبانی در تمام ساعات شبانه‌روز از طریق تیکت پاسخگوی شماست.',
      icon: 'headset',
    },
  ],
  stats: [],
  closing: null,
  seo: { title: null, description: null },
}
