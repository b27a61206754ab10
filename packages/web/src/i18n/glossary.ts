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
    // A member turned sideways after a heist: not available until readied. Portuguese says
    // "ocupado": "ativado" reads as "active", the opposite of what the player must understand.
    concept: 'engaged (a member)',
    named: 'cards.engaged',
    terms: {
      en: { term: 'Engaged', uses: /\bengaged\b/i, avoid: [/\btapped\b/i, /\bexhausted\b/i] },
      pt: {
        term: 'Ocupado',
        uses: /\bocupad[oa]s?\b/i,
        avoid: [/\bativad[oa]s?\b/i, /\bativando\b/i, /\bativar todos\b/i],
      },
      nl: { term: 'Ingeschakeld', uses: /ingeschakeld/i, avoid: [/\buitgeput\b/i] },
      fr: { term: 'Engagé', uses: /engagé/i, avoid: [/\bépuisés?\b/i] },
      de: { term: 'Beschäftigt', uses: /beschäftigt/i, avoid: [/\berschöpft\b/i] },
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

/**
 * Portuguese is Brazilian Portuguese. The words a European-Portuguese habit slips in, each with
 * the Brazilian choice; `test/glossary.test.ts` fails when pt.json uses one. Where both forms
 * are Brazilian too (guardar "to keep" a card), only the European sense is listed.
 */
export interface VariantForm {
  /** The Brazilian word or turn of phrase to write. */
  use: string;
  /** The European forms it replaces. */
  avoid: RegExp;
}

export const BRAZILIAN_PORTUGUESE: readonly VariantForm[] = [
  { use: 'tela', avoid: /\becrãs?(?!\p{L})/iu },
  { use: 'arquivo', avoid: /\bficheiros?\b/i },
  {
    use: 'Salvar (a game, a name, a webhook)',
    avoid: /\bguardar (ficheiro|arquivo|webhook)|^guardar$|webhook guardado/i,
  },
  { use: 'registro', avoid: /\bregistos?\b/i },
  { use: 'usuário', avoid: /\butilizador(es)?\b/i },
  { use: 'senha', avoid: /\bpalavras?-passe\b/i },
  { use: 'celular', avoid: /\btelemóve(l|is)\b/i },
  { use: 'compartilhar', avoid: /\bpartilh(a|ar|ada|ado|e)\b/i },
  { use: 'baixar', avoid: /\bdescarregar\b/i },
  { use: 'conexão, conectado', avoid: /\bliga(ção|do)\b|\bdesligado\b|\b(a )?religar\b/i },
  { use: 'aba (of the browser)', avoid: /\bseparador(es)?\b/i },
  { use: 'desfazer', avoid: /\banular\b/i },
  { use: 'sacar (money from the Bank)', avoid: /\blevant(a|ar|e)\b/i },
  {
    use: 'o gerúndio ("carregando", "pensando")',
    avoid: /\b(está|estás|estou|a) a [a-zç]+ar\b|^a [a-zç]+(ar|er|ir)…/i,
  },
  { use: 'você (never tu, te, ti, contigo)', avoid: /\b(tens|podes|queres|jogas|estás|és)\b/i },
  { use: 'seu, sua', avoid: /\bteus?\b|\btuas?\b/i },
  { use: 'para você', avoid: /\bpara si\b/i },
  { use: 'Informante', avoid: /\binformador(es)?\b/i },
  { use: 'habilidade', avoid: /\bcompetências?\b/i },
  { use: 'treinamento', avoid: /\btreino\b/i },
  { use: 'renda', avoid: /\brendimento\b/i },
  { use: 'bônus', avoid: /\bbónus\b/i },
  { use: 'Gênese', avoid: /\bgénese\b/i },
  { use: 'Cassino', avoid: /\bcasino\b/i },
  { use: 'Joalheria', avoid: /\bjoalharia\b/i },
  { use: 'Delegacia', avoid: /\besquadra\b/i },
  { use: 'Mídia', avoid: /^media$|\bmedia\b/i },
  { use: 'em andamento', avoid: /\bem curso\b/i },
  { use: 'esperando', avoid: /(^|\s)à espera\b/i },
  { use: 'no momento', avoid: /\bde momento\b/i },
  { use: 'espiar, ver', avoid: /\bespreit(a|ar|e|adas?)\b/i },
  { use: 'em um, em uma', avoid: /\b(num|numa|noutro|noutra|noutras)\b/i },
  { use: 'até o, até a', avoid: /\baté (ao\b|à(?!\p{L}))/iu },
  { use: 'de verdade', avoid: /\ba sério\b/i },
  { use: 'contatar', avoid: /\bcontactar\b/i },
  { use: 'banco de dados', avoid: /\bbase de dados\b/i },
  { use: 'revanche', avoid: /\bdesforra\b/i },
  { use: 'pular', avoid: /\bsaltar\b/i },
  { use: 'por quê (a question or its label)', avoid: /(^|[^\p{L}])porquê(?!\p{L})/iu },
];
