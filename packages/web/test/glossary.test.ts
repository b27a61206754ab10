/**
 * Words done right. Each locale names each game concept with the one term of its glossary
 * (`src/i18n/glossary.ts`), and every message that shows a count next to a counted word is
 * written in the plural forms its language needs (`_one`, `_other`, … as i18next picks them
 * with Intl.PluralRules), so no player reads "1 members".
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { BRAZILIAN_PORTUGUESE, GLOSSARY } from '../src/i18n/glossary.ts';
import { i18n, i18nReady, LANGUAGES } from '../src/i18n/index.ts';

type Messages = { [key: string]: string | Messages };

function flatten(messages: Messages, prefix = '', out = new Map<string, string>()) {
  for (const [key, value] of Object.entries(messages)) {
    const id = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object') flatten(value, id, out);
    else out.set(id, value);
  }
  return out;
}

function locale(code: string): Map<string, string> {
  const url = new URL(`../src/i18n/locales/${code}.json`, import.meta.url);
  return flatten(JSON.parse(readFileSync(fileURLToPath(url), 'utf8')) as Messages);
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

/**
 * Messages where the count is a bare figure after a colon or in brackets ("Spectators: 3"),
 * never next to a word that would agree with it: one form reads right for every number.
 */
const FIGURE_ONLY = new Set([
  'decision.mobilize.helpFree',
  'decision.diversion.help',
  'move.targetAssassination',
  'online.games.tabTitle',
  'online.lobby.spectators',
]);

/** Parameters that hold names or words, never a number of things. */
const NOT_A_NUMBER = new Set(['card', 'cards', 'seat', 'skill', 'name', 'winner', 'rewards']);

/** Words that agree with the number before them. */
const COUNTED =
  /\{\{(\w+)\}\} (members?|cards?|icons?|players?|gangsters?|heists?|games?|turns?|snitch(es)?|moves?)\b/;

describe('plural forms', () => {
  const en = locale('en');

  it('every English message with a count is written in plural forms', () => {
    const single = [...en]
      .filter(([id, text]) => text.includes('{{count}}') && !PLURAL.test(id))
      .map(([id]) => id)
      .filter((id) => !FIGURE_ONLY.has(id));
    expect(single, 'give these _one and _other forms').toEqual([]);
  });

  it('no message puts another number than {{count}} before a counted word', () => {
    const wrong = [...en].flatMap(([id, text]) => {
      const counter = text.match(COUNTED)?.[1];
      return counter !== undefined && counter !== 'count' && !NOT_A_NUMBER.has(counter)
        ? [`${id}: ${text}`]
        : [];
    });
    // "{{taken}} of {{total}} seats": a table always has 2 to 4 seats.
    expect(wrong.filter((line) => !line.startsWith('online.lobby.seats:'))).toEqual([]);
  });

  const bases = [...en.keys()].filter((id) => id.endsWith('_other')).map((id) => id.slice(0, -6));

  for (const { code } of LANGUAGES) {
    it(`${code} has every plural form its language uses for 0 to 1000`, () => {
      const messages = locale(code);
      const rules = new Intl.PluralRules(code);
      const needed = new Set<string>();
      for (let n = 0; n <= 1000; n++) needed.add(rules.select(n));
      const missing = bases.flatMap((base) =>
        [...needed].filter((form) => !messages.has(`${base}_${form}`)).map((f) => `${base}_${f}`),
      );
      expect(missing).toEqual([]);
      expect(messages.has('table.engageHint'), 'the plain id is gone').toBe(false);
    });
  }

  describe('in use', () => {
    beforeAll(async () => {
      await i18nReady;
    });

    it('says "1 member" and "2 members"', async () => {
      await i18n.changeLanguage('en');
      expect(i18n.t('table.engageHint', { count: 1, order: 'x' })).toContain('(1 member)');
      expect(i18n.t('table.engageHint', { count: 2, order: 'x' })).toContain('(2 members)');
      expect(i18n.t('table.keepChosen', { count: 1 })).toBe('Keep the chosen card');
      await i18n.changeLanguage('de');
      expect(i18n.t('table.deck.heist', { count: 1 })).toBe('Überfall-Stapel: 1 Karte');
      expect(i18n.t('table.deck.heist', { count: 7 })).toBe('Überfall-Stapel: 7 Karten');
      await i18n.changeLanguage('en');
    });
  });
});

describe('glossary', () => {
  for (const { code } of LANGUAGES) {
    describe(code, () => {
      const messages = locale(code);

      it('names each concept with its term where the concept is named', () => {
        const wrong = GLOSSARY.flatMap(({ concept, named, terms }) => {
          const text = messages.get(named) ?? '';
          return terms[code].uses.test(text) ? [] : [`${concept}: ${named} = "${text}"`];
        });
        expect(wrong).toEqual([]);
      });

      it('uses no second term for a concept', () => {
        const found: string[] = [];
        for (const { concept, terms } of GLOSSARY) {
          const { term, avoid, allow = [] } = terms[code];
          for (const [id, raw] of messages) {
            // Parameters are not words: {{boss}} is a card's name.
            let text = raw.replace(/\{\{[^}]*\}\}/g, '');
            for (const name of allow) text = text.split(name).join('');
            for (const pattern of avoid) {
              const match = text.match(pattern);
              if (match) found.push(`${id}: "${match[0]}" for ${concept} (the term is "${term}")`);
            }
          }
        }
        expect(found).toEqual([]);
      });
    });
  }

  it('catches a second term', () => {
    const heist = GLOSSARY.find((entry) => entry.concept === 'heist');
    expect(heist?.terms.de.avoid.some((pattern) => pattern.test('Drei Coups übrig'))).toBe(true);
    expect(heist?.terms.pt.avoid.some((pattern) => pattern.test('um assalto'))).toBe(true);
  });
});

describe('Portuguese is Brazilian Portuguese', () => {
  const messages = locale('pt');

  it('uses no European-Portuguese form', () => {
    const found: string[] = [];
    for (const [id, raw] of messages) {
      // Parameters ({{card}}) and nested messages ($t(resources.media.name)) are not words.
      const text = raw.replace(/\{\{[^}]*\}\}/g, '').replace(/\$t\([^)]*\)/g, '');
      for (const { use, avoid } of BRAZILIAN_PORTUGUESE) {
        const match = text.match(avoid);
        if (match) found.push(`${id}: "${match[0]}" (write: ${use})`);
      }
    }
    expect(found).toEqual([]);
  });

  it('catches the forms a new player met', () => {
    const caught = (text: string) => BRAZILIAN_PORTUGUESE.some(({ avoid }) => avoid.test(text));
    for (const european of [
      'Pessoa neste ecrã',
      'Guardar',
      'Registo do jogo',
      'A carregar…',
      'Nome de utilizador',
      'O bot está a pensar…',
    ]) {
      expect(caught(european), european).toBe(true);
    }
    for (const brazilian of ['Pessoa nesta tela', 'Salvar', 'Registro do jogo', 'Carregando…']) {
      expect(caught(brazilian), brazilian).toBe(false);
    }
  });

  it('names engaged members "ocupados", never "ativados" (which reads as "active")', () => {
    expect(messages.get('table.engagedGroup_other')).toBe('Ocupados ({{count}})');
    expect(messages.get('cards.engaged')).toBe('Ocupado');
  });
});
