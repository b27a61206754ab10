/**
 * Two small i18next plugins: a backend that loads a locale file with a dynamic import (so each
 * non-English locale is its own chunk, fetched only when chosen), and a language detector that
 * remembers the player's choice in localStorage and falls back to the browser's languages.
 */
import type { BackendModule, LanguageDetectorModule, ResourceKey } from 'i18next';
import {
  DEFAULT_LANGUAGE,
  isLanguageCode,
  LANGUAGE_STORAGE_KEY,
  type LanguageCode,
  matchLanguage,
} from './languages.ts';
import en from './locales/en.json';

type LocaleModule = { default: ResourceKey };

/** One loader per language; Vite turns each `import()` into a separate chunk. */
const LOADERS: Record<LanguageCode, () => Promise<LocaleModule>> = {
  en: async () => ({ default: en }),
  pt: () => import('./locales/pt.json'),
  nl: () => import('./locales/nl.json'),
  fr: () => import('./locales/fr.json'),
  de: () => import('./locales/de.json'),
};

export const localeBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, _namespace, callback) {
    if (!isLanguageCode(language)) {
      // A language we do not ship (i18next may ask for `en-US` variants): nothing to load.
      callback(null, {});
      return;
    }
    LOADERS[language]().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : String(error), null),
    );
  },
};

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    // Private modes and sandboxed frames may refuse access: play on without persistence.
    return undefined;
  }
}

/** The language to start in: the remembered choice, else the browser's, else English. */
export function detectLanguage(): LanguageCode {
  const stored = storage()?.getItem(LANGUAGE_STORAGE_KEY);
  if (isLanguageCode(stored)) return stored;
  const preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? []);
  for (const tag of preferred) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return DEFAULT_LANGUAGE;
}

export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: detectLanguage,
  cacheUserLanguage(language) {
    const code = matchLanguage(language);
    if (code) storage()?.setItem(LANGUAGE_STORAGE_KEY, code);
  },
};
