import english from './translations/en.json'
import persian from './translations/fa.json'

/**
 * Messages of our own admin additions (not Strapi's), one file a language as Strapi keeps its
 * own: English, which the English interface shows, and Persian.
 */
export type OwnMessageId = keyof typeof english

/** The ids of one addition's messages, without the addition's prefix. */
export type OwnMessageKey<
  Prefix extends string,
  Id = OwnMessageId,
> = Id extends `${Prefix}.${infer Key}` ? Key : never

/**
 * The messages of one addition (`arzpol.<addition>.<key>`), as descriptors `formatMessage`
 * takes: the id with its English text as the default.
 */
export function ownMessages<Addition extends string>(addition: Addition) {
  return (key: OwnMessageKey<`arzpol.${Addition}`>) => {
    const id = `arzpol.${addition}.${key}` as OwnMessageId
    return { id, defaultMessage: english[id] }
  }
}

export const OWN_MESSAGES_ENGLISH: Record<string, string> = english
export const OWN_MESSAGES_PERSIAN: Record<string, string> = persian
