import type { Card, CtaBox, Feature, Hero, Link, Seo, Stat, Step, TextItem } from '../types'

export const LANDING_PAGE: {
  hero: Hero
  tiersTitle: string
  tiers: Card[]
  reasonsTitle: string
  reasons: Feature[]
  stats: Stat[]
  closing: CtaBox
  seo: Seo
} = {
  hero: {
    title: 'پرداخت ارزی خدمات بین‌المللی، با ریال',
    subtitle:
      'از شارژ حساب ارزی و پرداخت آزمون تا نقد کردن درآمد فریلنسری و هزینه ویزا؛ نرخ قفل‌شده، پشتیبانی ۲۴ ساعته و رسید رسمی برای هر سفارش.',
    buttonLabel: 'ثبت‌نام رایگان',
    buttonLink: '/?auth=register',
    secondaryLabel: 'مشاهده خدمات',
    secondaryLink: '/services/base',
  },
  tiersTitle: 'خدمات ارزپل در سه سطح',
  tiers: [
    {
      title: 'خدمات پایه',
      description: 'شارژ کیف پول و حساب‌های ارزی، کارت هدیه بین‌المللی و پرداخت هزینه آزمون‌ها.',
      icon: 'wallet',
      buttonLabel: 'مشاهده خدمات پایه',
      link: '/services/base',
    },
    {
      title: 'خدمات میانی',
      description: 'نقد کردن درآمد فریلنسری به ریال و پرداخت اشتراک سرویس‌های خارجی.',
      icon: 'repeat',
      buttonLabel: 'مشاهده خدمات میانی',
      link: '/services/intermediate',
    },
    {
      title: 'خدمات تخصصی',
      description: 'هزینه ویزا و مهاجرت، سرویس‌های ابری، دامنه و هاست و تبلیغات بین‌المللی.',
      icon: 'briefcase',
      buttonLabel: 'مشاهده خدمات تخصصی',
      link: '/services/specialized',
    },
  ],
  reasonsTitle: 'چرا ارزپل را انتخاب کنید؟',
  reasons: [
    {
      title: 'امنیت',
      description:
        'پرداخت از درگاه‌های بانکی شاپرک، نگهداری رمزنگاری‌شده اطلاعات حساب‌ها و رسید رسمی برای هر سفارش.',
      icon: 'shield',
    },
    {
      title: 'سرعت',
      description:
        'نرخ ارز هنگام ثبت سفارش قفل می‌شود و بیشتر سفارش‌ها در کمتر از ۲ ساعت وارد مرحله انجام می‌شوند.',
      icon: 'zap',
    },
    {
      title: 'پشتیبانی ۲۴/۷',
      description:
        'تیم پشتیبانی در تمام ساعات شبانه‌روز، حتی روزهای تعطیل، از طریق تیکت پاسخ‌گوی شماست.',
      icon: 'headset',
    },
  ],
  stats: [
    { value: '+۵۰۰۰', label: 'سفارش موفق' },
    { value: '+۳۰', label: 'کشور مقصد' },
    { value: '۲۴/۷', label: 'پشتیبانی' },
  ],
  closing: {
    title: 'اولین سفارش ارزی‌تان را ثبت کنید',
    description: 'ثبت‌نام با شماره موبایل کمتر از یک دقیقه طول می‌کشد.',
    buttonLabel: 'ثبت‌نام',
    buttonLink: '/?auth=register',
    note: 'حساب کاربری دارید؟ از دکمه ورود استفاده کنید.',
  },
  seo: {
    metaTitle: 'ارزپل | پرداخت ارزی خدمات بین‌المللی با ریال',
    metaDescription:
      'پرداخت ریالی خدمات بین‌المللی: شارژ حساب ارزی، آزمون‌ها، اشتراک‌ها، ویزا، سرویس ابری و نقد درآمد ارزی.',
  },
}

export const ABOUT_PAGE: {
  title: string
  intro: string
  badges: TextItem[]
  stats: Stat[]
  mission: string
  vision: string
  values: Feature[]
  stepsTitle: string
  steps: Step[]
  contactTitle: string
  contactText: string
  seo: Seo
} = {
  title: 'درباره ارزپل',
  intro:
    'ارزپل پلی میان کاربران ایرانی و خدمات بین‌المللی است. ما پرداخت‌های ارزی را از طرف شما انجام می‌دهیم تا بدون کارت بین‌المللی، در آزمون‌ها شرکت کنید، اشتراک بخرید، زیرساخت خود را اداره کنید و درآمد ارزی‌تان را نقد کنید.',
  badges: [
    { text: 'پشتیبانی ۲۴ ساعته' },
    { text: 'رسید رسمی برای هر سفارش' },
    { text: 'نرخ قفل‌شده هنگام سفارش' },
    { text: 'پرداخت امن از درگاه شاپرک' },
  ],
  stats: [
    { value: '+۵K', label: 'سفارش موفق' },
    { value: 'کمتر از ۲ ساعت', label: 'میانگین زمان شروع پردازش' },
    { value: '۲۴/۷', label: 'پشتیبانی' },
    { value: '+۳۰', label: 'کشور مقصد' },
  ],
  mission:
    'مأموریت ما این است که پرداخت بین‌المللی برای هر ایرانی به سادگی یک خرید اینترنتی داخلی باشد: با نرخ روشن، زمان‌بندی قابل پیش‌بینی و پاسخ‌گویی واقعی.',
  vision:
    'می‌خواهیم مطمئن‌ترین و شفاف‌ترین مسیر ارتباط مالی کاربران ایرانی با دنیا باشیم؛ جایی که هیچ فرصت تحصیلی، کاری یا تجاری به خاطر پرداخت از دست نرود.',
  values: [
    {
      title: 'شفافیت',
      description: 'نرخ، کارمزد و زمان انجام هر سفارش پیش از پرداخت به شما اعلام می‌شود.',
      icon: 'eye',
    },
    {
      title: 'امانت‌داری',
      description:
        'اطلاعات و وجه شما امانت است؛ فقط برای همان سفارش و با کمترین دسترسی لازم استفاده می‌شود.',
      icon: 'shield',
    },
    {
      title: 'پاسخ‌گویی',
      description: 'پشتیبانی انسانی در تمام ساعات شبانه‌روز، با پیگیری تا پایان کار.',
      icon: 'message-circle',
    },
  ],
  stepsTitle: 'ما چگونه کار می‌کنیم',
  steps: [
    {
      title: 'ثبت درخواست',
      description:
        'نوع خدمت، مبلغ و ارز را انتخاب کنید؛ معادل ریالی با نرخ قفل‌شده نمایش داده می‌شود.',
    },
    {
      title: 'پرداخت ریالی',
      description:
        'مبلغ را از درگاه بانکی امن پرداخت کنید؛ سفارش بلافاصله به کارشناس سپرده می‌شود.',
    },
    {
      title: 'انجام و تحویل',
      description:
        'پرداخت ارزی انجام و رسید آن در داشبورد ثبت می‌شود؛ وضعیت را لحظه‌به‌لحظه ببینید.',
    },
  ],
  contactTitle: 'با ما در تماس باشید',
  contactText:
    'سریع‌ترین راه ارتباط با ما ثبت تیکت در داشبورد است. برای همکاری‌های تجاری و سفارش‌های سازمانی از طریق ایمیل با ما در ارتباط باشید.',
  seo: {
    metaTitle: 'درباره ارزپل | پل ارزی شما به خدمات بین‌المللی',
    metaDescription:
      'ارزپل پرداخت‌های ارزی کاربران ایرانی را با نرخ شفاف، رسید رسمی و پشتیبانی ۲۴ ساعته انجام می‌دهد.',
  },
}

export const SITE_SETTINGS: {
  brandName: string
  tagline: string
  supportPhone: string
  supportEmail: string
  address: string
  workingHours: string
  footerText: string
  footerLinks: Link[]
  socialLinks: Link[]
  copyright: string
} = {
  brandName: 'ارزپل',
  tagline: 'پل ارزی شما به خدمات بین‌المللی',
  supportPhone: '۰۲۱-۹۱۰۰۴۰۰۰',
  supportEmail: 'support@arzpol.ir',
  address: 'تهران، خیابان ولیعصر',
  workingHours: 'پشتیبانی آنلاین: ۲۴ ساعته، ۷ روز هفته',
  footerText:
    'ارزپل خدمات پرداخت ارزی برای آزمون‌ها، اشتراک‌ها، سرویس‌های ابری، ویزا و نقد کردن درآمد ارزی ارائه می‌دهد.',
  footerLinks: [
    { label: 'خانه', url: '/' },
    { label: 'خدمات پایه', url: '/services/base' },
    { label: 'خدمات میانی', url: '/services/intermediate' },
    { label: 'خدمات تخصصی', url: '/services/specialized' },
    { label: 'درباره ما', url: '/about' },
    { label: 'قوانین و مقررات', url: '/terms' },
    { label: 'وبلاگ', url: '/blog' },
  ],
  socialLinks: [
    { label: 'تلگرام', url: 'https://t.me/arzpol' },
    { label: 'اینستاگرام', url: 'https://instagram.com/arzpol' },
  ],
  copyright: '© ۱۴۰۴ ارزپل. تمامی حقوق محفوظ است.',
}
