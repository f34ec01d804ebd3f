import type { TierPageSeed, WhyItem } from '../types'

const WHY: WhyItem[] = [
  {
    title: 'نرخ قفل‌شده',
    description: 'نرخ هنگام ثبت سفارش قفل و روی فاکتور درج می‌شود.',
    badgeColor: 'green',
  },
  {
    title: 'پشتیبانی ۲۴/۷',
    description: 'در تمام ساعات شبانه‌روز از طریق تیکت پاسخ‌گو هستیم.',
    badgeColor: 'blue',
  },
  {
    title: 'رسید رسمی',
    description: 'برای هر سفارش رسید رسمی صادر می‌شود.',
    badgeColor: 'purple',
  },
]

export const TIER_PAGES: TierPageSeed[] = [
  {
    slug: 'base',
    title: 'خدمات پایه',
    hero: {
      title: 'خدمات پایه: شارژ حساب ارزی و پرداخت آزمون',
      subtitle:
        'شارژ کیف پول و حساب‌های ارزی، خرید کارت هدیه بین‌المللی و پرداخت هزینه آزمون‌ها؛ ساده، سریع و با نرخ شفاف.',
      buttonLabel: 'شروع درخواست',
      buttonLink: '/dashboard?start=base',
    },
    cardsTitle: 'خدمات این دسته',
    cards: [
      {
        title: 'شارژ حساب ارزی',
        description:
          'شارژ حساب‌ها و کیف پول‌های ارزی و خرید کارت هدیه بین‌المللی با قفل ۱۵ دقیقه‌ای نرخ ارز.',
        icon: 'wallet',
        buttonLabel: 'اطلاعات بیشتر',
        link: '/fx-topup',
      },
      {
        title: 'پرداخت هزینه آزمون',
        description: 'ثبت‌نام و پرداخت TOEFL، IELTS، GRE، GMAT و SAT در ۲۴ تا ۴۸ ساعت کاری.',
        icon: 'graduation-cap',
        buttonLabel: 'اطلاعات بیشتر',
        link: '/intlExamPayment',
      },
    ],
    steps: [],
    documents: [],
    comparison: [],
    faq: {
      heading: 'پرسش‌های پرتکرار',
      items: [
        {
          question: 'نرخ ارز چه زمانی قطعی می‌شود؟',
          answer:
            'نرخ در لحظه ثبت درخواست قفل و روی فاکتور نوشته می‌شود؛ برای شارژ حساب این نرخ ۱۵ دقیقه معتبر است.',
        },
        {
          question: 'برای پرداخت هزینه آزمون چه مدارکی لازم است؟',
          answer: 'پاسپورت با حداقل ۶ ماه اعتبار، یک عکس جدید و اطلاعات هویتی مطابق پاسپورت.',
        },
        {
          question: 'حداقل مبلغ سفارش چقدر است؟',
          answer:
            'حداقل ۵۰ واحد ارزی (قابل مذاکره)؛ مبالغ بالاتر با هماهنگی پشتیبانی انجام می‌شود.',
        },
      ],
      whyTitle: 'چرا ارزپل؟',
      whyItems: WHY,
    },
    closing: {
      title: 'همین حالا شروع کنید',
      description: 'درخواست خود را در داشبورد ثبت کنید و پیش‌فاکتور ریالی را همان لحظه ببینید.',
      buttonLabel: 'رفتن به داشبورد',
      buttonLink: '/dashboard?start=base',
    },
    seo: {
      metaTitle: 'خدمات پایه ارزپل: شارژ حساب ارزی و پرداخت آزمون',
      metaDescription:
        'شارژ حساب‌های ارزی، خرید کارت هدیه بین‌المللی و پرداخت هزینه آزمون‌های TOEFL و IELTS با ریال.',
    },
  },
  {
    slug: 'intermediate',
    title: 'خدمات میانی',
    hero: {
      title: 'خدمات میانی: نقد کردن درآمد ارزی و پرداخت اشتراک‌ها',
      subtitle:
        'درآمد فریلنسری خود را به ریال نقد کنید و اشتراک سرویس‌های خارجی را بدون کارت بین‌المللی بخرید.',
      buttonLabel: 'شروع درخواست',
      buttonLink: '/dashboard?start=intermediate',
    },
    cardsTitle: 'اشتراک‌هایی که پرداخت می‌کنیم',
    cards: [
      {
        title: 'Adobe و Office 365',
        description: 'Creative Cloud، Photoshop، Illustrator و Microsoft 365 برای کار حرفه‌ای.',
        icon: 'pen-tool',
        buttonLabel: 'ثبت درخواست',
        link: '/dashboard?flow=subscriptions&service=adobe',
      },
      {
        title: 'استریم و رسانه',
        description: 'اشتراک سرویس‌های موسیقی، فیلم و رسانه‌های آنلاین.',
        icon: 'play-circle',
        buttonLabel: 'ثبت درخواست',
        link: '/dashboard?flow=subscriptions&service=media',
      },
      {
        title: 'ابزارهای برنامه‌نویسی',
        description: 'GitHub Copilot، JetBrains، ChatGPT و دیگر ابزارهای توسعه نرم‌افزار.',
        icon: 'code',
        buttonLabel: 'ثبت درخواست',
        link: '/dashboard?flow=subscriptions&service=devtools',
      },
      {
        title: 'سایر اشتراک‌ها',
        description: 'هر سرویس دیگری که اشتراک ماهانه یا سالانه دارد؛ نام آن را برای ما بنویسید.',
        icon: 'more-horizontal',
        buttonLabel: 'ثبت درخواست',
        link: '/dashboard?flow=subscriptions&service=other',
      },
    ],
    stepsTitle: 'نقد کردن درآمد ارزی در سه مرحله',
    steps: [
      {
        title: 'ارسال مدارک درآمد',
        description: 'قرارداد یا فاکتور کار و تصویر تراکنش در پلتفرم مبدأ را بارگذاری کنید.',
      },
      {
        title: 'بررسی و تأیید',
        description: 'کارشناسان ما منشأ وجه و مدارک را بررسی و نرخ نهایی را اعلام می‌کنند.',
      },
      {
        title: 'تسویه ریالی',
        description: 'مبلغ ریالی ظرف ۲ تا ۲۴ ساعت کاری به حساب شبای شما واریز می‌شود.',
      },
    ],
    documentsTitle: 'مدارک لازم برای نقد کردن درآمد',
    documents: [
      { text: 'قرارداد، فاکتور یا صورت‌حساب کار انجام‌شده' },
      { text: 'تصویر تراکنش یا گزارش درآمد در پلتفرم مبدأ' },
      { text: 'کارت ملی صاحب حساب' },
      { text: 'شماره شبای حساب بانکی به نام خود شما' },
    ],
    comparison: [],
    faq: {
      heading: 'پرسش‌های پرتکرار',
      items: [
        {
          question: 'تسویه درآمد چقدر طول می‌کشد؟',
          answer: '۲ تا ۲۴ ساعت کاری پس از تأیید مدارک؛ برای برخی روش‌ها یا مبالغ بالا تا ۴۸ ساعت.',
        },
        {
          question: 'فعال‌سازی اشتراک چقدر زمان می‌برد؟',
          answer: 'از چند دقیقه تا چند ساعت و حداکثر ۲۴ ساعت.',
        },
        {
          question: 'چه زمانی سفارش رد می‌شود؟',
          answer: 'اگر مدارک ناقص باشد یا منشأ وجه مشکوک باشد، سفارش رد یا لغو می‌شود.',
        },
      ],
      whyTitle: 'چرا ارزپل؟',
      whyItems: WHY,
    },
    closing: {
      title: 'درآمدتان را نقد کنید یا اشتراک بخرید',
      description: 'از داشبورد، نوع درخواست را انتخاب کنید و مراحل را دنبال کنید.',
      buttonLabel: 'رفتن به داشبورد',
      buttonLink: '/dashboard?start=intermediate',
    },
    seo: {
      metaTitle: 'خدمات میانی ارزپل: نقد درآمد ارزی و پرداخت اشتراک',
      metaDescription:
        'نقد کردن درآمد فریلنسری در ۲ تا ۲۴ ساعت کاری و خرید اشتراک Adobe، Office 365 و ابزارهای برنامه‌نویسی.',
    },
  },
  {
    slug: 'specialized',
    title: 'خدمات تخصصی',
    hero: {
      title: 'خدمات تخصصی: ویزا، سرویس ابری، دامنه و تبلیغات',
      subtitle:
        'پرداخت‌هایی که دقت و تجربه بیشتری می‌خواهند؛ از هزینه‌های کنسولی تا صورت‌حساب زیرساخت ابری.',
      buttonLabel: 'شروع درخواست',
      buttonLink: '/dashboard?start=specialized',
    },
    cardsTitle: 'خدمات تخصصی',
    cards: [
      {
        title: 'هزینه ویزا و مهاجرت',
        description: 'هزینه درخواست ویزا، وقت سفارت، SEVIS و ارزیابی مدارک.',
        icon: 'plane',
        buttonLabel: 'اطلاعات بیشتر',
        link: '/visa-fees',
      },
      {
        title: 'سرویس ابری و VPS',
        description: 'صورت‌حساب AWS، Google Cloud، Azure و DigitalOcean.',
        icon: 'cloud',
        buttonLabel: 'اطلاعات بیشتر',
        link: '/cloud-vps',
      },
      {
        title: 'دامنه و هاست',
        description: 'بیش از ۴۰۰ پسوند دامنه و هاست با ۹۹٫۹٪ زمان دسترسی.',
        icon: 'globe',
        buttonLabel: 'اطلاعات بیشتر',
        link: '/domain-hosting',
      },
      {
        title: 'تبلیغات بین‌المللی',
        description: 'شارژ حساب Google Ads، Meta و LinkedIn.',
        icon: 'megaphone',
        buttonLabel: 'اطلاعات بیشتر',
        link: '/intl-ads',
      },
    ],
    steps: [],
    documents: [],
    comparisonTitle: 'مقایسه خدمات تخصصی',
    comparison: [
      {
        service: 'ویزا و مهاجرت',
        documents: 'فرم یا لینک پرداخت، مشخصات پاسپورت',
        time: '۱ تا ۳ روز',
        complexity: 'high',
      },
      {
        service: 'سرویس ابری و VPS',
        documents: 'اطلاعات ورود یا صورت‌حساب سرویس',
        time: 'چند ساعت',
        complexity: 'medium',
      },
      {
        service: 'دامنه و هاست',
        documents: 'نام دامنه و مشخصات مالک',
        time: 'چند ساعت',
        complexity: 'medium',
      },
      {
        service: 'تبلیغات بین‌المللی',
        documents: 'دسترسی حساب تبلیغاتی، مبلغ شارژ',
        time: '۲۴ تا ۷۲ ساعت',
        complexity: 'high',
      },
    ],
    faq: {
      heading: 'پرسش‌های پرتکرار',
      items: [
        {
          question: 'آیا هزینه ویزا در صورت رد شدن برمی‌گردد؟',
          answer: 'خیر؛ هزینه‌های کنسولی قابل استرداد نیستند.',
        },
        {
          question: 'انتقال دامنه چقدر طول می‌کشد؟',
          answer: 'ثبت دامنه جدید کمتر از ۲ ساعت و انتقال دامنه ۵ تا ۷ روز کاری.',
        },
        {
          question: 'پرداخت سرویس ابری و تبلیغات چقدر زمان می‌برد؟',
          answer: 'معمولاً ۳۰ دقیقه تا ۶ ساعت و حداکثر ۲۴ ساعت.',
        },
      ],
      whyTitle: 'چرا ارزپل؟',
      whyItems: WHY,
    },
    closing: {
      title: 'درخواست تخصصی دارید؟',
      description:
        'نوع خدمت را در داشبورد انتخاب کنید؛ کارشناس متخصص همان حوزه پیگیر سفارش شما خواهد بود.',
      buttonLabel: 'رفتن به داشبورد',
      buttonLink: '/dashboard?start=specialized',
    },
    seo: {
      metaTitle: 'خدمات تخصصی ارزپل: ویزا، ابری، دامنه و تبلیغات',
      metaDescription:
        'پرداخت هزینه ویزا، سرویس‌های ابری، دامنه و هاست و تبلیغات بین‌المللی با ریال و پشتیبانی متخصص.',
    },
  },
]
