/**
 * The third-party assets the app shows, for the Credits screen (CREDITS.md says the same, and a
 * test checks that every asset package has its line there). Names of works, people and licences
 * are not translated.
 */
export interface CreditedAsset {
  /** The npm package it comes from. */
  pkg: string;
  work: string;
  author: string;
  licence: string;
  licenceUrl: string;
  /** What it is used for: a message id under credits.uses. */
  use: 'displayFont' | 'textFont' | 'icons';
}

export const CREDITED_ASSETS: readonly CreditedAsset[] = [
  {
    pkg: '@fontsource/oswald',
    work: 'Oswald',
    author: 'The Oswald Project Authors (Vernon Adams, Kalapi Gajjar, Cyreal)',
    licence: 'SIL Open Font License 1.1',
    licenceUrl: 'https://openfontlicense.org',
    use: 'displayFont',
  },
  {
    pkg: '@fontsource/atkinson-hyperlegible',
    work: 'Atkinson Hyperlegible',
    author: 'Braille Institute of America, Inc.',
    licence: 'SIL Open Font License 1.1',
    licenceUrl: 'https://openfontlicense.org',
    use: 'textFont',
  },
  {
    pkg: '@iconify-json/game-icons',
    work: 'game-icons.net',
    author: 'Lorc, Delapouite and contributors',
    licence: 'CC BY 3.0',
    licenceUrl: 'https://creativecommons.org/licenses/by/3.0/',
    use: 'icons',
  },
];
