/**
 * Several names in one sentence, joined as the language joins them: "Ann and Ben", "Ann, Ben
 * and Cleo" ("Ann und Ben", "Ann et Ben"…). A sentence about them takes their number as
 * `count`, so its verb agrees ("Ann and Ben are deciding", never "Ann, Ben is deciding").
 */
import { i18n } from '../i18n/index.ts';

export function namesList(names: readonly string[]): string {
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return new Intl.ListFormat(language, { type: 'conjunction' }).format(names);
}
