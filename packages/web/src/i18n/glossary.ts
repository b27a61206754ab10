/**
 * One term per game concept in each language. A player who reads "Überfall" on the row and
 * "Coup" in the status bar wonders whether they are two things; so each language picks one
 * word for each concept of the game, and `test/glossary.test.ts` fails when a locale says it
 * with another word (`avoid`). Translators: use the `term`; write a new concept here before
 * giving it a name in the locales.
 *
 * `named` is a message that names the concept: its text must use the term (so the glossary
 * cannot drift from the locales). `allow` lists card names, proper nouns printed on a card,
 * that contain an avoided word as part of a name (the "Ghetto-Gang" is a heist, not a gang).
 */
import type { LanguageCode } from './languages.ts';

export interface GlossaryTerm {
  /** The one term, as a reader sees it. */
  term: string;
  /** Matches the term and its inflections (plural, compounds). */
  uses: RegExp;
  /** Other words for the same concept that the locale must not use. */
  avoid: RegExp[];
  /** Card names that contain an avoided word without meaning the concept. */
  allow?: string[];
}

export interface GlossaryConcept {
  concept: string;
  /** A message id whose text names the concept in every language. */
  named: string;
  terms: Record<LanguageCode, GlossaryTerm>;
}

export const GLOSSARY: readonly GlossaryConcept[] = [
  {
    concept: 'heist',
    named: 'table.heistRow',
    terms: {
      en: { term: 'heist', uses: /heist/i, avoid: [/\brobber(y|ies)\b/i, /\bcoups?\b/i] },
      pt: { term: 'golpe', uses: /golpe/i, avoid: [/\bassaltos?\b/i] },
      nl: {
        term: 'overval',
        uses: /overval/i,
        avoid: [/kraak/i, /\bkraken\b/i, /\bklus(sen)?\b/i],
      },
      fr: { term: 'casse', uses: /casse/i, avoid: [/\bbraquages?\b/i, /\bhold-up\b/i] },
      de: { term: 'Überfall', uses: /überf[aä]ll/i, avoid: [/\bcoups?\b/i, /-coup\b/i] },
    },
  },
  {
    concept: 'snitch',
    named: 'table.snitches',
    terms: {
      en: { term: 'snitch', uses: /snitch/i, avoid: [/\binformers?\b/i, /\brats?\b/i] },
      pt: {
        term: 'denunciante',
        uses: /denunciante/i,
        avoid: [/\bdelator(es)?\b/i, /\bbufos?\b/i],
      },
      nl: { term: 'snitch', uses: /snitch/i, avoid: [/verklikker/i, /verrader/i] },
      fr: {
        term: 'délateur',
        uses: /délateur/i,
        avoid: [/\bbalances?\b/i, /\bmouchards?\b/i, /\bindics?\b/i],
      },
      de: { term: 'Denunziant', uses: /denunziant/i, avoid: [/spitzel/i, /verräter/i] },
    },
  },
  {
    concept: 'gang war',
    named: 'event.gangWar',
    terms: {
      en: { term: 'gang war', uses: /gang war/i, avoid: [/\bturf war\b/i] },
      pt: {
        term: 'guerra de quadrilhas',
        uses: /guerra de quadrilhas/i,
        avoid: [/guerra de (bandos|gangues)/i],
      },
      nl: { term: 'bendeoorlog', uses: /bendeoorlog/i, avoid: [/\boorlog\b/i, /gangoorlog/i] },
      fr: { term: 'guerre des gangs', uses: /guerre des gangs/i, avoid: [/guerre des bandes/i] },
      de: { term: 'Bandenkrieg', uses: /bandenkrieg/i, avoid: [/\bkrieg\b/i, /gangkrieg/i] },
    },
  },
  {
    concept: 'gang',
    named: 'table.gang',
    terms: {
      en: { term: 'gang', uses: /\bgang\b/i, avoid: [/\bcrews?\b/i] },
      pt: {
        term: 'quadrilha',
        uses: /quadrilha/i,
        avoid: [/\bbandos?\b/i, /\bgangues?\b/i],
        allow: ['Gangue do Gueto', 'Gangue de Motociclistas'],
      },
      nl: { term: 'bende', uses: /bende/i, avoid: [/\bgangs?\b/i] },
      fr: { term: 'gang', uses: /\bgang\b/i, avoid: [/\bbandes?\b/i] },
      de: { term: 'Bande', uses: /\bbande\b/i, avoid: [/\bgangs?\b/i], allow: ['Ghetto-Gang'] },
    },
  },
  {
    concept: 'Boss',
    named: 'cards.boss',
    terms: {
      en: { term: 'Boss', uses: /\bboss\b/i, avoid: [/\bchief\b/i] },
      pt: { term: 'Chefe', uses: /\bchefe\b/i, avoid: [/\bboss\b/i, /\bpatrão\b/i] },
      nl: { term: 'Boss', uses: /\bboss\b/i, avoid: [/\bbaas\b/i] },
      fr: { term: 'Boss', uses: /\bboss\b/i, avoid: [/\bpatron\b/i] },
      de: { term: 'Boss', uses: /\bboss\b/i, avoid: [/\bchef\b/i] },
    },
  },
  {
    concept: 'Leader (skill)',
    named: 'skills.L',
    terms: {
      en: { term: 'Leader', uses: /\bleader\b/i, avoid: [] },
      pt: { term: 'Líder', uses: /\blíder\b/i, avoid: [/\bcabecilhas?\b/i] },
      nl: { term: 'Leider', uses: /\bleider\b/i, avoid: [/\baanvoerder/i] },
      fr: { term: 'Leader', uses: /\bleader\b/i, avoid: [/\bchefs?\b/i] },
      de: { term: 'Leader', uses: /\bleader\b/i, avoid: [/anführer/i] },
    },
  },
  {
    concept: 'influence points',
    named: 'score.chart.ip',
    terms: {
      en: { term: 'IP', uses: /\bIP\b/, avoid: [/\bVP\b/] },
      pt: { term: 'PI', uses: /\bPI\b/, avoid: [/\bIP\b/] },
      nl: { term: 'IP', uses: /\bIP\b/, avoid: [/\bPI\b/] },
      fr: { term: 'PI', uses: /\bPI\b/, avoid: [/\bIP\b/] },
      de: { term: 'EP', uses: /\bEP\b/, avoid: [/\bIP\b/] },
    },
  },
];
