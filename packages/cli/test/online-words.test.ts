/**
 * The online table's words, without a server: the clocks (`online/clock.ts`), the end of the
 * game stated with its reason, and the cards named as the browser names them (one source: the
 * engine's `cards/names.ts`, which must say what the web's English locale says).
 */
import { readFileSync } from 'node:fs';
import { CLASSIC_CARDS, HEIST_TITLES, MEMBER_NAMES, RESOURCE_TITLES } from '@gangsta/engine';
import type { ClockInfo } from '@gangsta/protocol';
import { describe, expect, it } from 'vitest';
import { clockLine, formatClock, readClock, WARN_BELOW_MS } from '../src/online/clock.ts';
import { cardName, gangsterLine, memberLabel, memberName } from '../src/render/cards.ts';
import { PLAIN } from '../src/render/color.ts';
import { endSentence } from '../src/render/scores.ts';

const realtime = (remainingMs: number[], running: number[]): ClockInfo => ({
  setting: { kind: 'realtime', bankMs: 300_000, incrementMs: 5_000 },
  remainingMs,
  running,
});

describe('the clocks at an online table', () => {
  it('counts the running seats down from the frame, and names the player to move', () => {
    const reading = readClock(realtime([240_000, 190_000], [1]), 10_000, 0, [1]);
    expect(reading).toEqual({
      mine: { seat: 0, ms: 240_000, running: false },
      toMove: [{ seat: 1, ms: 180_000, running: true }],
    });
    expect(clockLine(reading!, ['You', 'Seat 2 (easy bot)'], PLAIN)).toBe(
      'Clocks: you 4:00 · to move: Seat 2 (easy bot) 3:00 (running)',
    );
  });

  it('shows our own running clock, never below zero', () => {
    const reading = readClock(realtime([20_000, 100_000], [0]), 25_000, 0, [0]);
    expect(reading?.mine).toEqual({ seat: 0, ms: 0, running: true });
    expect(reading?.toMove).toEqual([]);
    expect(clockLine(reading!, ['You', 'Bob'], PLAIN)).toBe('Clocks: you 0:00 (running)');
  });

  it('a friendly table has no clock; a spectator sees the movers only', () => {
    expect(
      readClock({ setting: { kind: 'none' }, remainingMs: [], running: [] }, 0, 0, [0]),
    ).toBeNull();
    expect(readClock(undefined, 0, 0, [0])).toBeNull();
    const spectator = readClock(realtime([60_000, 61_000], [0]), 0, null, [0]);
    expect(spectator?.mine).toBeNull();
    expect(spectator?.toMove.map((clock) => clock.seat)).toEqual([0]);
  });

  it('formats what is left to the second, hours and days when long', () => {
    expect(formatClock(29_001)).toBe('0:30');
    expect(formatClock(30_000)).toBe('0:30');
    expect(formatClock(3_725_000)).toBe('1:02:05');
    expect(formatClock(2 * 86_400_000 + 3 * 3_600_000)).toBe('2 d 03 h');
    expect(WARN_BELOW_MS).toBe(30_000);
  });
});

describe('the end of the game', () => {
  it('states the reason', () => {
    expect(endSentence('gangSize')).toBe('The game ended: a gang reached 9 members.');
    expect(endSentence('snitches')).toBe(
      'The game ended: the third snitch of chapter III came out.',
    );
    expect(endSentence('safeguard')).toBe(
      'The game ended: nobody recruited or completed a heist for too long (the safeguard).',
    );
  });
});

describe('cards named as the browser names them', () => {
  it('members by nickname with the id after, heists and resources by their titles', () => {
    expect(cardName(CLASSIC_CARDS, 'G22')).toBe('Sal the Whisper');
    expect(cardName(CLASSIC_CARDS, 'B1')).toBe('Papa Volkov');
    const sal = CLASSIC_CARDS.gangsters.find((card) => card.id === 'G22');
    expect(memberName(CLASSIC_CARDS, 'G22')).toBe(
      `Sal the Whisper [G22] (${sal?.skills.join(' ')})`,
    );
    expect(memberLabel(CLASSIC_CARDS, { id: 'G22', engaged: false }, PLAIN)).toMatch(
      /^Sal the Whisper \[G22\] \([A-Z ]+\)$/,
    );
    expect(memberLabel(CLASSIC_CARDS, { id: 'B1', engaged: false }, PLAIN)).toMatch(
      /^Papa Volkov, Boss \([A-Z ]+\)$/,
    );
    expect(gangsterLine(CLASSIC_CARDS, 'G22', PLAIN)).toMatch(/^Sal the Whisper \[G22\] /);
    const drugDealer = CLASSIC_CARDS.heists.find((heist) => heist.kind === 'drugDealer');
    expect(cardName(CLASSIC_CARDS, drugDealer?.id ?? '')).toBe('Drug Dealer');
    const station = CLASSIC_CARDS.resources.find((card) => card.effect === 'policeStation');
    expect(cardName(CLASSIC_CARDS, station?.id ?? '')).toBe('Police Station');
  });

  it('every member of the classic set has a name', () => {
    for (const card of [...CLASSIC_CARDS.bosses, ...CLASSIC_CARDS.gangsters])
      expect(MEMBER_NAMES[card.id], card.id).toMatch(/\S/);
  });

  it('the engine’s names are the web’s English words', () => {
    const en = JSON.parse(
      readFileSync(new URL('../../web/src/i18n/locales/en.json', import.meta.url), 'utf8'),
    ) as {
      gangsters: Record<string, string>;
      heists: Record<string, string>;
      resources: Record<string, { name: string } | string>;
    };
    expect(MEMBER_NAMES).toEqual(en.gangsters);
    expect(HEIST_TITLES).toEqual(en.heists);
    const resources = Object.fromEntries(
      Object.entries(en.resources)
        .filter((entry): entry is [string, { name: string }] => typeof entry[1] === 'object')
        .map(([effect, value]) => [effect, value.name]),
    );
    expect(RESOURCE_TITLES).toEqual(resources);
  });
});
