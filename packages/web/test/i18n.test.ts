/**
 * The locales stay complete and consistent: every language has exactly the message ids of
 * en.json, with the same interpolation parameters, and the card content covers every card of
 * the classic set.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  CLASSIC_CARDS,
  FAMILIES,
  HEIST_KINDS,
  RESOURCE_EFFECTS,
  SCORE_SOURCES,
  SKILL_NAMES,
  SKILLS,
} from '@gangsta/engine';
import { describe, expect, it } from 'vitest';
import { REWARD_KINDS } from '../src/cards/text.ts';
import { i18n, i18nReady, LANGUAGES } from '../src/i18n/index.ts';

type Messages = { [key: string]: string | Messages };

function loadLocale(code: string): Messages {
  const url = new URL(`../src/i18n/locales/${code}.json`, import.meta.url);
  return JSON.parse(readFileSync(fileURLToPath(url), 'utf8')) as Messages;
}

/** `{ a: { b: 'x' } }` → `{ 'a.b': 'x' }`; a value that is not a string is reported as such. */
function flatten(messages: Messages, prefix = '', out = new Map<string, unknown>()) {
  for (const [key, value] of Object.entries(messages)) {
    const id = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      flatten(value as Messages, id, out);
    } else {
      out.set(id, value);
    }
  }
  return out;
}

/**
 * What a message needs from its caller: `{{name}}` / `{{name, format}}` parameters, `$t(id)`
 * nestings and `<0>`-style tags, sorted and deduplicated.
 */
function placeholders(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}/g)) found.add(`{{${match[1]}}}`);
  for (const match of text.matchAll(/\$t\(\s*([^,)\s]+)/g)) found.add(`$t(${match[1]})`);
  for (const match of text.matchAll(/<\/?(\w+)\s*\/?>/g)) found.add(`<${match[1]}>`);
  return [...found].sort();
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

const en = flatten(loadLocale('en'));
const others = LANGUAGES.filter((language) => language.code !== 'en');

describe('locales', () => {
  it('en.json holds only non-empty strings', () => {
    const bad = [...en].filter(([, value]) => typeof value !== 'string' || value.trim() === '');
    expect(bad.map(([id]) => id)).toEqual([]);
  });

  for (const { code } of others) {
    describe(code, () => {
      const locale = flatten(loadLocale(code));

      it('has every message id of en.json', () => {
        const missing = [...en.keys()].filter((id) => !locale.has(id));
        expect(missing, `${code}.json is missing these ids`).toEqual([]);
      });

      it('has no id that en.json lacks (plural forms of the language aside)', () => {
        const extra = [...locale.keys()].filter((id) => {
          if (en.has(id)) return false;
          // A language may need more plural forms than English: x_many beside en's x_other.
          const base = id.replace(PLURAL_SUFFIX, '');
          return base === id || !en.has(`${base}_other`);
        });
        expect(extra, `${code}.json has ids that en.json does not`).toEqual([]);
      });

      it('holds only non-empty strings', () => {
        const bad = [...locale].filter(
          ([, value]) => typeof value !== 'string' || value.trim() === '',
        );
        expect(bad.map(([id]) => id)).toEqual([]);
      });

      it('uses the same interpolation parameters as en.json', () => {
        const mismatches: string[] = [];
        for (const [id, value] of locale) {
          const base = id.replace(PLURAL_SUFFIX, '');
          const reference = en.get(id) ?? en.get(`${base}_other`);
          if (typeof reference !== 'string' || typeof value !== 'string') continue;
          const want = placeholders(reference).join(' ');
          const got = placeholders(value).join(' ');
          if (want !== got) mismatches.push(`${id}: en has [${want}], ${code} has [${got}]`);
        }
        expect(mismatches).toEqual([]);
      });
    });
  }
});

describe('card content', () => {
  const has = (id: string) => typeof en.get(id) === 'string';

  it('names every skill, family, heist kind, resource effect, reward kind and score source', () => {
    const ids = [
      ...SKILLS.map((skill) => `skills.${skill}`),
      ...SKILLS.map((skill) => `rules.skills.${skill}`),
      ...FAMILIES.map((family) => `families.${family}`),
      ...HEIST_KINDS.map((kind) => `heists.${kind}`),
      ...RESOURCE_EFFECTS.flatMap((effect) => [
        `resources.${effect}.name`,
        `resources.${effect}.effect`,
      ]),
      ...REWARD_KINDS.flatMap((kind) =>
        ['name', 'short', 'text'].map((part) => `rewards.${kind}.${part}`),
      ),
      ...[...SCORE_SOURCES, 'total', 'gangSize'].flatMap((row) => [
        `score.rows.${row}`,
        `score.rowHelp.${row}`,
      ]),
    ];
    expect(ids.filter((id) => !has(id))).toEqual([]);
  });

  it('gives every Boss and gangster of the classic set its own nickname', () => {
    const members = [...CLASSIC_CARDS.bosses, ...CLASSIC_CARDS.gangsters];
    expect(members.filter((card) => !has(`gangsters.${card.id}`)).map((card) => card.id)).toEqual(
      [],
    );
    const names = members.map((card) => en.get(`gangsters.${card.id}`));
    expect(new Set(names).size).toBe(names.length);
  });

  it("names the skills in English as the engine's SKILL_NAMES (the command line's words)", () => {
    expect(Object.fromEntries(SKILLS.map((skill) => [skill, en.get(`skills.${skill}`)]))).toEqual(
      SKILL_NAMES,
    );
  });

  it('names the skills differently in every language', () => {
    for (const { code } of LANGUAGES) {
      const locale = flatten(loadLocale(code));
      const names = SKILLS.map((skill) => locale.get(`skills.${skill}`));
      expect(new Set(names).size, code).toBe(SKILLS.length);
    }
  });
});

describe('i18n instance', () => {
  it('loads a language on demand and switches back', async () => {
    await i18nReady;
    await i18n.changeLanguage('de');
    expect(i18n.t('skills.M')).toBe('Söldner');
    expect(i18n.t('heists.artTheft')).toBe('Kunstraub');
    await i18n.changeLanguage('en');
    expect(i18n.t('skills.M')).toBe('Mercenary');
  });
});
