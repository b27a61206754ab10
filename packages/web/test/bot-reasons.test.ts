/**
 * The bots' reasons (hints, game review) speak every language: each reason id the bots can
 * produce (their catalog) is translated in all five locales with exactly its parameters, and
 * the renderer names cards, seats and skills in the reader's language.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  conventionKind,
  createBot,
  playGame,
  REASON_IDS,
  REASONS,
  type Reason,
  type ReasonId,
  type ReasonParamKind,
  reason,
} from '@gangsta/bots';
import { CLASSIC_CARDS, cardsOf } from '@gangsta/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, i18nReady, LANGUAGES } from '../src/i18n/index.ts';
import { describeBotReason } from '../src/text/botReason.ts';
import type { TextContext } from '../src/text/context.ts';
import { itemOf } from './helpers.ts';

type Messages = { [key: string]: string | Messages };

function message(code: string, id: string): string | undefined {
  const url = new URL(`../src/i18n/locales/${code}.json`, import.meta.url);
  let node: string | Messages | undefined = JSON.parse(
    readFileSync(fileURLToPath(url), 'utf8'),
  ) as Messages;
  for (const part of id.split('.')) {
    node = typeof node === 'object' ? node[part] : undefined;
  }
  return typeof node === 'string' ? node : undefined;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => itemOf(m, 1)).sort();
}

const RAW_ID = /botReasons\.|\{\{/;

beforeAll(async () => {
  await i18nReady;
});

afterAll(async () => {
  await i18n.changeLanguage('en');
});

function textContext(): TextContext {
  return {
    t: i18n.t.bind(i18n),
    cards: cardsOf(CLASSIC_CARDS),
    seats: ['human', 'easy'],
    viewer: 0,
  };
}

describe('bot reasons in the locales', () => {
  for (const { code } of LANGUAGES) {
    it(`${code} translates every reason id the bots can give, with its parameters`, () => {
      const problems: string[] = [];
      for (const id of REASON_IDS) {
        // A reason with a count may be written in the language's plural forms instead.
        const text = message(code, `botReasons.${id}`) ?? message(code, `botReasons.${id}_other`);
        const want = Object.keys(REASONS[id].params).sort().join(' ');
        if (text === undefined) problems.push(`${id}: missing`);
        else if (placeholders(text).join(' ') !== want)
          problems.push(`${id}: has [${placeholders(text).join(' ')}], needs [${want}]`);
      }
      expect(problems).toEqual([]);
      expect(message(code, 'botReasons.separator')).toBeDefined();
    });
  }

  it("renders every reason id with cards, seats and skills by the bots' convention", async () => {
    // describeBotReason applies the naming convention itself (it must not load the bots' code).
    await i18n.changeLanguage('en');
    const ctx = textContext();
    const wrong: string[] = [];
    for (const id of REASON_IDS) {
      const text = describeBotReason(ctx, sampleReason(id));
      if (RAW_ID.test(text)) wrong.push(`${id}: ${text}`);
      for (const name of Object.keys(REASONS[id].params)) {
        const expected = EXPECTED[conventionKind(name) ?? ''];
        if (expected && !text.includes(expected)) wrong.push(`${id}.${name}: ${text}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

/** What a sample parameter of each kind reads as in English. */
const EXPECTED: Record<string, string> = {
  card: 'Boris the Anvil',
  cards: 'Boris the Anvil',
  seat: 'Player 2',
  skill: 'Hacker',
  skills: 'Hacker',
};

/** A reason of this id with a sample value for every parameter, by its declared kind. */
function sampleReason(id: ReasonId): Reason {
  const samples: Record<ReasonParamKind, unknown> = {
    card: 'G05',
    cards: ['G05'],
    seat: 1,
    skill: 'H',
    skills: ['H'],
    number: 7,
    reason: reason('move.pass', {}),
    reasons: [reason('move.pass', {})],
  };
  const params = Object.fromEntries(
    Object.entries(REASONS[id].params).map(([name, kind]) => [name, samples[kind]]),
  );
  return { id, params } as Reason;
}

describe('describeBotReason', () => {
  const plan = reason('plan.someCoop', {
    card: 'HII-03',
    rewards: [reason('reward.influence', { amount: 2 }), reason('reward.income', { amount: 3 })],
    count: 1,
    others: 2,
  });
  const nested = reason('activate.planOpponent', { card: 'G05', seat: 1, plan });

  it('names cards, seats and nested rewards in English', async () => {
    await i18n.changeLanguage('en');
    expect(describeBotReason(textContext(), nested)).toBe(
      'Activates Boris the Anvil of Player 2: Armored Van heist for 2 IP, $3, engaging 1 of our members and 2 of the opponents’.',
    );
  });

  it('speaks German, skills and money included', async () => {
    await i18n.changeLanguage('de');
    const text = describeBotReason(textContext(), nested);
    expect(text).toContain('Spieler 2');
    expect(text).toContain('2 EP, 3 $');
    expect(text).not.toMatch(RAW_ID);
    const skills = describeBotReason(
      textContext(),
      reason('gangster.value', { skills: ['M', 'H'], cost: 4 }),
    );
    expect(skills).toBe('bringt Söldner, Hacker für 4 $');
  });

  it('words every reason of whole bot games in every language without a raw id', async () => {
    const reasons: Reason[] = [];
    const bots = [0, 1, 2].map((seat) => createBot({ kind: 'heuristic', seed: seat }));
    playGame({ players: 3, seed: 5, resources: true, families: true }, bots, {
      onMove: ({ decision }) => {
        if (decision.reason) reasons.push(decision.reason);
      },
    });
    expect(reasons.length).toBeGreaterThan(50);
    for (const { code } of LANGUAGES) {
      await i18n.changeLanguage(code);
      const ctx = { ...textContext(), seats: ['easy', 'easy', 'easy'] as const };
      const raw = reasons.map((r) => describeBotReason(ctx, r)).filter((t) => RAW_ID.test(t));
      expect(raw, code).toEqual([]);
    }
  });
});
