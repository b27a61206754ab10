/**
 * `MessageId`: every message id of the English locale, as a type. en.json is the reference:
 * the other locales must hold exactly its ids with the same parameters (test/i18n.test.ts).
 */
import type en from './locales/en.json';

type LeafIds<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : LeafIds<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type MessageId = LeafIds<typeof en>;
