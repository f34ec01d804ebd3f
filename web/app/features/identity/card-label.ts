import { toPersianDigits } from '@arzpol/contracts/digits'

/**
 * One of the customer's cards in a sentence or a choice: its bank, then its mask in Persian
 * digits, the way the order form lists the cards that may pay.
 */
export const cardLabel = (card: { bank_name: string; masked_number: string }): string =>
  `${card.bank_name} · ${toPersianDigits(card.masked_number)}`
