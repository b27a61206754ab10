/**
 * Names and voices: bots get a name of their Boss's family when the game starts (the same seed,
 * the same cast), nobody is "Seat N", and the player alone at a table is "you" in the log and
 * the status bar, with the verb to match, in all five languages. With several people at one
 * screen the log names everyone.
 */
import {
  applyMove,
  cardsOf,
  createGame,
  FAMILIES,
  type GameEvent,
  pendingDecision,
  playerAt,
  viewFor,
} from '@gangsta/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_NAMES, botNameFamily, castNames, playerName } from '../src/game/players.ts';
import type { SeatKind } from '../src/game/seats.ts';
import { i18n, i18nReady } from '../src/i18n/index.ts';
import de from '../src/i18n/locales/de.json';
import en from '../src/i18n/locales/en.json';
import fr from '../src/i18n/locales/fr.json';
import nl from '../src/i18n/locales/nl.json';
import pt from '../src/i18n/locales/pt.json';
import type { TablePlayer } from '../src/table/tableSource.ts';
import { statusLine } from '../src/table/widgets/statusLine.ts';
import type { TextContext } from '../src/text/context.ts';
import { describeEvent, personContext } from '../src/text/events.ts';
import { playout } from './helpers.ts';

const LOCALES = { en, pt, nl, fr, de } as const;

beforeAll(async () => {
  await i18nReady;
});

afterAll(async () => {
  await i18n.changeLanguage('en');
});

function flatten(tree: object, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : flatten(value as object, `${prefix}${key}.`),
  );
}

describe('bot names', () => {
  it('every bot gets a distinct name from the list of its Boss’s family; people keep theirs', () => {
    for (let seed = 0; seed < 40; seed++) {
      const options = { players: 4, seed };
      const seats: SeatKind[] = ['human', 'medium', 'hard', 'easy'];
      const names = castNames(options, seats, ['  Ann ']);
      expect(names[0]).toBe('Ann');
      const created = createGame(options);
      if (!created.ok) throw new Error(created.error.message);
      const cards = cardsOf(created.state.cards);
      for (const seat of [1, 2, 3]) {
        const family = cards.boss(playerAt(created.state, seat).boss).family;
        expect(BOT_NAMES[family], `seed ${seed}, seat ${seat}`).toContain(names[seat]);
        expect(botNameFamily(names[seat] ?? '')).toBe(family);
      }
      expect(new Set(names).size).toBe(4);
      // The same game gets the same cast.
      expect(castNames(options, seats, ['Ann'])).toEqual(names);
    }
  });

  it('people without a name stay unnamed ("Player N"); a chosen bot name is kept', () => {
    expect(
      castNames({ players: 3, seed: 5 }, ['human', 'human', 'easy'], [null, '', 'Rex']),
    ).toEqual([null, null, 'Rex']);
  });

  it('the lists hold no duplicate and no word of a card’s gangster', () => {
    const all = FAMILIES.flatMap((family) => BOT_NAMES[family]);
    expect(new Set(all).size).toBe(all.length);
    const cardWords = new Set(
      Object.values(en.gangsters).flatMap((name) =>
        name.split(/[\s-]+/).map((w) => w.toLowerCase()),
      ),
    );
    for (const name of all) {
      for (const word of name.split(/[\s-]+/)) {
        expect(cardWords.has(word.toLowerCase()), `${name}: ${word}`).toBe(false);
      }
    }
  });

  it('defaults say "Player N", never "Seat N"', async () => {
    await i18n.changeLanguage('en');
    const t = i18n.t;
    const bot: TablePlayer = { seat: 1, kind: 'hard', name: null, connected: true };
    const person: TablePlayer = { seat: 2, kind: 'human', name: null, connected: true };
    expect(playerName(t, bot, 1)).toBe('Player 2 (bot, hard)');
    expect(playerName(t, person, 2)).toBe('Player 3');
    expect(playerName(t, { ...bot, name: 'Ivy Ho' }, 1)).toBe('Ivy Ho');
  });
});

describe('the texts in five languages', () => {
  it('every log sentence about a player has a "you" wording in every language', () => {
    for (const [lang, locale] of Object.entries(LOCALES)) {
      const events = new Map(flatten(locale.event));
      for (const [key, text] of events) {
        if (/_(you|yours)(_|$)/.test(key) || !text.includes('{{seat}}')) continue;
        const plural = key.match(/^(.*)_(one|other)$/);
        const you = plural ? `${plural[1]}_you_${plural[2]}` : `${key}_you`;
        expect(events.get(you), `${lang}: event.${you}`).toBeTruthy();
        // The "you" wording speaks to the player: it never names the seat.
        expect(events.get(you), `${lang}: event.${you}`).not.toContain('{{seat}}');
      }
    }
  });

  it('no player-facing text says "Seat N": players are named, or "Player N"', () => {
    const seatWords = { en: 'Seat', pt: 'Lugar', nl: 'Plaats', fr: 'Place', de: 'Platz' };
    for (const [lang, locale] of Object.entries(LOCALES)) {
      const word = seatWords[lang as keyof typeof seatWords];
      for (const [key, text] of flatten(locale)) {
        expect(text, `${lang}: ${key}`).not.toMatch(new RegExp(`${word} \\{\\{n\\}\\}`));
      }
      expect(locale.app.player).toMatch(/\{\{n\}\}/);
    }
  });
});

/** The whole log of a seeded 3-player game, from the point of view of seat 0. */
function gameLog(
  seats: SeatKind[],
  names: (string | null)[],
): { event: GameEvent; text: string }[] {
  const options = { players: 3, seed: 11, resources: true };
  const created = createGame(options);
  if (!created.ok) throw new Error(created.error.message);
  const ctx: TextContext = {
    t: i18n.t,
    cards: cardsOf(created.state.cards),
    seats,
    viewer: 0,
    players: seats.map((kind, seat) => ({
      seat,
      kind,
      name: names[seat] ?? null,
      connected: true,
    })),
  };
  const lines = created.events.map((event) => ({ event, text: describeEvent(ctx, event) }));
  playout(options, 3, (state, legal) => {
    const move = legal[0];
    const result = applyMove(state, move);
    if (result.ok) {
      for (const event of result.events) lines.push({ event, text: describeEvent(ctx, event) });
    }
  });
  return lines;
}

describe('"you" in the log', () => {
  it.each(Object.keys(LOCALES))(
    '%s: the lone player is addressed, the bots are named',
    async (lang) => {
      await i18n.changeLanguage(lang);
      const log = gameLog(['human', 'easy', 'hard'], ['Ann', 'Ivy Ho', 'Rosa Vitale']);
      let mine = 0;
      for (const { event, text } of log) {
        expect(text, event.type).not.toMatch(/\{\{|\b(event|app)\./);
        const ctx = { t: i18n.t, viewer: 0, seats: ['human', 'easy', 'hard'] } as const;
        if (personContext(ctx as unknown as TextContext, event) === 'you' && 'seat' in event) {
          mine++;
          // The sentence speaks to the player instead of naming them.
          expect(text, `${lang} ${event.type}: ${text}`).not.toContain('Ann');
        }
      }
      expect(mine).toBeGreaterThan(20);
      expect(log.some(({ text }) => text.includes('Ivy Ho'))).toBe(true);
    },
  );

  it('English conjugates: "You pull off…", "You pass."', async () => {
    await i18n.changeLanguage('en');
    const texts = gameLog(['human', 'easy', 'hard'], ['Ann', 'Ivy Ho', 'Rosa Vitale']).map(
      (line) => line.text,
    );
    expect(texts).toContain('You pass.');
    expect(
      texts.some((text) => /^You (recruit|start the heist|pull off the heist) /.test(text)),
    ).toBe(true);
    expect(texts.some((text) => /^Ivy Ho (passes|recruits|gains) /.test(text))).toBe(true);
  });

  it('hot-seat: with two people at the screen, the log names everyone', async () => {
    await i18n.changeLanguage('en');
    const texts = gameLog(['human', 'human', 'easy'], ['Ann', 'Bo', 'Ivy Ho']).map((l) => l.text);
    expect(texts.some((text) => text.startsWith('You '))).toBe(false);
    expect(texts.some((text) => text.startsWith('Ann '))).toBe(true);
  });
});

describe('"you" in the status bar', () => {
  it('a decision of the player waiting for its answer reads "You are deciding"', async () => {
    await i18n.changeLanguage('en');
    const created = createGame({ players: 2, seed: 1 });
    if (!created.ok) throw new Error(created.error.message);
    const decision = pendingDecision(created.state);
    if (decision.kind !== 'action') throw new Error(`unexpected ${decision.kind}`);
    const seat = decision.seat;
    const seats: SeatKind[] = seat === 0 ? ['human', 'easy'] : ['easy', 'human'];
    const players = seats.map((kind, s) => ({
      seat: s,
      kind,
      name: kind === 'human' ? 'Ann' : 'Ivy Ho',
      connected: true,
    }));
    const ctx: TextContext = {
      t: i18n.t,
      cards: cardsOf(created.state.cards),
      seats,
      viewer: seat,
      players,
    };
    const input = {
      view: viewFor(created.state, seat),
      decision,
      players,
      mine: false,
      thinking: null,
    };
    expect(statusLine(ctx, input)).toMatch(/^You are deciding: /);
    // Watching the bot decide: its name.
    const other = { ...ctx, viewer: 1 - seat, seats: [...seats].reverse() as SeatKind[] };
    expect(statusLine({ ...other, you: null }, input)).toMatch(/^Ann is deciding: /);
  });
});
