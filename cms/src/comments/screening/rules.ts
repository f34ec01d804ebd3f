/**
 * The built-in phrases that hold a comment for a moderator (ADR 036). Moderators add their own
 * in the admin (content type «Comment rule», `api::comment-rule.comment-rule`); these stay as the
 * floor nobody can switch off. Each phrase is matched after normalisation (normalise.ts), so it is
 * written once, in plain Persian or Latin, without variants: «رمز دوم» also matches «رمز‌دوم»,
 * «رمـــز دوم», «ر م ز د و م» and «رمز دوم» typed with Arabic letters.
 *
 * Kept specific: «رمز» alone is the «رمز ارز» of every crypto question, «ادمین» alone is how
 * people address the site, «آیدی» is also the «اپل آیدی» customers pay for, «بله» is a
 * messenger and also «yes». A messenger's name alone does hold a comment («اشتراک تلگرام
 * پریمیوم» waits for a moderator too): a moderator's click is cheaper than a card emptied
 * through a handle that slipped through.
 */

export type PhraseReason = 'secret-request' | 'messenger' | 'impersonation' | 'contact' | 'other'

export interface PhraseRule {
  phrase: string
  reason: PhraseReason
}

const secret = (...phrases: string[]): PhraseRule[] =>
  phrases.map((phrase) => ({ phrase, reason: 'secret-request' }))
const messenger = (...phrases: string[]): PhraseRule[] =>
  phrases.map((phrase) => ({ phrase, reason: 'messenger' }))
const impersonation = (...phrases: string[]): PhraseRule[] =>
  phrases.map((phrase) => ({ phrase, reason: 'impersonation' }))
const contact = (...phrases: string[]): PhraseRule[] =>
  phrases.map((phrase) => ({ phrase, reason: 'contact' }))

export const BUILT_IN_PHRASES: readonly PhraseRule[] = [
  // Card secrets and one-time codes: nobody in a blog comment has a reason to ask for them.
  ...secret(
    'رمز دوم',
    'رمز ۲',
    'رمز پویا',
    'رمز یکبار مصرف',
    'کد یکبار مصرف',
    'رمز اینترنتی',
    'رمز کارت',
    'رمز عابر',
    'رمز اول',
    'پین کارت',
    'کد پین',
    'cvv2',
    'cvv',
    'سی وی وی',
    'کد امنیتی',
    'تاریخ انقضای کارت',
    'انقضای کارت',
    'کد تایید',
    'کد پیامک',
    'کد ارسالی',
    'کد ارسال شده',
    'شماره کارت',
    'اطلاعات کارت',
    'مشخصات کارت',
    'عکس کارت',
    'رمز عبور',
    'پسورد',
    'password',
    'otp',
    'کارت به کارت کنید',
    'واریز کنید',
  ),
  // Taking the conversation somewhere the site cannot see.
  ...messenger(
    'تلگرام',
    'تلگرم',
    'telegram',
    'tme',
    't me',
    'واتساپ',
    'واتس',
    'whatsapp',
    'اینستاگرام',
    'اینستا',
    'instagram',
    'insta',
    'ایتا',
    'eitaa',
    'روبیکا',
    'rubika',
    'سروش پلاس',
    'پیوی',
    'پی وی',
    'دایرکت',
    'پیام خصوصی',
  ),
  // "The real support is elsewhere".
  ...impersonation(
    'پشتیبانی واقعی',
    'پشتیبانی اصلی',
    'پشتیبانی رسمی',
    'پشتیبان واقعی',
    'ادمین واقعی',
    'ادمین اصلی',
    'کانال رسمی',
    'پیج اصلی',
    'پیج رسمی',
  ),
  ...contact('تماس بگیرید', 'پیام بدید', 'پیام بدهید', 'پیام دهید', 'شماره بدید'),
]
