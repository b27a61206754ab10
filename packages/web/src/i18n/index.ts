/**
 * Translations: one i18next instance for the whole app, wired into react-i18next.
 *
 * Messages are stable ids (`heists.casino`, `rewards.theft.short`), never English sentences, so
 * rewording a text never breaks another language. English is bundled; the other locales load
 * on demand (see plugins.ts). Interpolated values are escaped by React, not by i18next.
 *
 *   import { i18n, i18nReady, LanguageSwitch } from './i18n/index.ts';
 *   await i18nReady;            // optional: the first render then already has its language
 *   i18n.changeLanguage('pt');  // loads pt.json, remembers it, sets <html lang>
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type LanguageCode, matchLanguage } from './languages.ts';
import en from './locales/en.json';
import { languageDetector, localeBackend } from './plugins.ts';

export { LanguageSwitch, type LanguageSwitchProps } from './LanguageSwitch.tsx';
export {
  DEFAULT_LANGUAGE,
  isLanguageCode,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  type LanguageCode,
  matchLanguage,
} from './languages.ts';
export type { MessageId } from './messages.ts';

export const i18n: I18n = i18next.createInstance();

/** Keeps `<html lang>` in step, so screen readers pronounce the page in the right language. */
function reflectLanguage(language: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = matchLanguage(language) ?? DEFAULT_LANGUAGE;
}

i18n.on('languageChanged', reflectLanguage);

/** Resolves once the starting language is loaded. */
export const i18nReady: Promise<unknown> = i18n
  .use(localeBackend)
  .use(languageDetector)
  .use(initReactI18next)
  .init({
    resources: { en: { translation: en } },
    // English is bundled above; the backend still loads the other languages.
    partialBundledLanguages: true,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGES.map((language) => language.code),
    load: 'languageOnly',
    interpolation: { escapeValue: false },
    // No Suspense boundary needed: until a locale arrives, English is shown, then the tree
    // re-renders on `languageChanged`.
    react: { useSuspense: false },
    returnNull: false,
  });

/** The language in use, as one of ours. */
export function currentLanguage(): LanguageCode {
  return matchLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
}

/** Switches language (loading it if needed); the choice is remembered in localStorage. */
export function setLanguage(code: LanguageCode): Promise<unknown> {
  return i18n.changeLanguage(code);
}
