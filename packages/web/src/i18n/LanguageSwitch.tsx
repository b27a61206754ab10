/**
 * The language menu: a labelled native `<select>`, so it works with the keyboard, screen
 * readers and phone pickers. Each language is listed in its own name and tagged with its
 * `lang`, so a screen reader pronounces "Deutsch" as German.
 */
import { type ChangeEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import './i18n.css';
import { DEFAULT_LANGUAGE, isLanguageCode, LANGUAGES, matchLanguage } from './languages.ts';

export interface LanguageSwitchProps {
  className?: string;
  /** Hide the label visually (it stays available to screen readers). */
  compactLabel?: boolean;
}

export function LanguageSwitch({ className, compactLabel = false }: LanguageSwitchProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = matchLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;

  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const code = event.target.value;
    // i18next remembers the choice (localStorage) and updates <html lang> (see index.ts).
    if (isLanguageCode(code)) void i18n.changeLanguage(code);
  };

  return (
    <span className={['language-switch', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={compactLabel ? 'language-switch__label--hidden' : undefined}>
        {t('language.label')}
      </label>
      <select id={id} value={current} onChange={onChange}>
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.name}
          </option>
        ))}
      </select>
    </span>
  );
}
