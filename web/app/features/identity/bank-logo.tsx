import type { LinkDescriptor } from '@remix-run/node'
import bankLogosCss from 'iranianbanklogos/dist/ibl.css?url'

/**
 * Bank logos beside cards (ADR 024): the sprites of `iranianbanklogos` (ISC), chosen by the
 * Persian bank name payments-service stores for a card (`@persian-tools`' name for its BIN).
 * The logo is decorative; the name stays as text beside it, and a bank without a logo here
 * keeps just its name.
 */

/** Every name `@persian-tools` gives a BIN, with its logo's class, or null where the set has none. */
export const BANK_LOGOS: Readonly<Record<string, string | null>> = {
  'بانک آینده': 'ba',
  'بانک اقتصاد نوین': 'en',
  'بانک انصار': 'ansar',
  'بانک ایران زمین': 'iz',
  'بانک پارسیان': 'parsian',
  'بانک پاسارگاد': 'bpi',
  'پست بانک ایران': 'post',
  'بانک تجارت': 'tejarat',
  'بانک توسعه تعاون': 'tt',
  'بانک توسعه صادرات': 'edbi',
  'بانک حکمت ایرانیان': 'hi',
  'بانک خاورمیانه': 'me',
  'بانک دی': 'day',
  'بانک رسالت': 'resalat',
  'بانک رفاه کارگران': 'rb',
  'بانک سامان': 'sb',
  'بانک سپه': 'sepah',
  'بانک سرمایه': 'sarmayeh',
  'بانک سینا': 'sina',
  'بانک شهر': 'shahr',
  'بانک صادرات ایران': 'bsi',
  'بانک صنعت و معدن': 'bim',
  'بانک قرض الحسنه مهر': 'miran',
  'بانک مهر ایران': 'miran',
  'بانک قوامین': 'ghbi',
  'بانک کارآفرین': 'kar',
  'بانک کشاورزی': 'bki',
  'بانک گردشگری': 'tourism',
  'بانک مسکن': 'maskan',
  'بانک ملت': 'mellat',
  'بانک ملی ایران': 'bmi',
  'موسسه اعتباری ملل': 'melal',
  // Not in the logo set (the central bank, institutions merged into others): the name alone.
  'بانک مرکزی ایران': null,
  'بانک مرکزی جمهوری اسلامی ایران': null,
  'موسسه اعتباری توسعه': null,
  'موسسه کوثر': null,
  'موسسه نور': null,
}

export const bankLogoCode = (bankName: string): string | null => BANK_LOGOS[bankName] ?? null

/** For the `links` of a route that shows cards: public pages never load the sprites. */
export const bankLogoLinks = (): LinkDescriptor[] => [{ rel: 'stylesheet', href: bankLogosCss }]

/** The bank's logo at 32 px, or nothing for a bank without one (its name is shown anyway). */
export function BankLogo({ bankName }: { bankName: string }) {
  const code = bankLogoCode(bankName)
  if (!code) return null
  return (
    <span
      aria-hidden="true"
      data-bank-logo={code}
      className={`ibl32 ibl-${code} shrink-0 rounded-md`}
    />
  )
}
