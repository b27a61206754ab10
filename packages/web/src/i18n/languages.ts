/**
 * The languages the interface speaks: the languages of the printed rulebooks. English is
 * bundled with the first page load; the others are fetched the first time they are chosen.
 */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'pt', name: 'Português' },
  { code: 'nl', name: 'Nederlands' },
  { code: 'fr', name: 'Français' },
  { code: 'de', name: 'Deutsch' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];

export const DEFAULT_LANGUAGE: LanguageCode = 'en';

/** Where the player's choice is remembered between visits. */
export const LANGUAGE_STORAGE_KEY = 'gangsta.language';

const CODES: readonly string[] = LANGUAGES.map((language) => language.code);

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && CODES.includes(value);
}

/** The supported language for a tag such as `pt-BR` or `de`, if any. */
export function matchLanguage(tag: string | null | undefined): LanguageCode | undefined {
  if (!tag) return undefined;
  const base = tag.toLowerCase().split(/[-_]/)[0];
  return isLanguageCode(base) ? base : undefined;
}
