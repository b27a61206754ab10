// @vitest-environment jsdom
/**
 * Players' names: chosen at the new game, kept by the controller in its snapshot, saved with
 * the game in progress and restored on resume; saves made before names read as defaults.
 */
import type { GameRecord } from '@gangsta/engine';
import { afterEach, describe, expect, it } from 'vitest';
import { GameController } from '../src/features/local/controller.ts';
import type { SeatKind } from '../src/game/seats.ts';
import { loadSavedGame, saveGame } from '../src/game/storage.ts';

const bots = {
  ask: async () => {
    throw new Error('no bot at this table');
  },
  dispose() {},
};

function deps(saved: { names: (string | null)[] }[] = []) {
  return {
    bots,
    settings: () => ({ botDelayMs: 0 }),
    save: (_record: GameRecord, _seats: SeatKind[], names: (string | null)[]) =>
      saved.push({ names }),
    wait: async () => {},
  };
}

afterEach(() => localStorage.clear());

describe('player names', () => {
  it('a new game keeps the chosen names (blank ones become the default) and saves them', () => {
    const saved: { names: (string | null)[] }[] = [];
    const started = GameController.start(
      { players: 2, seed: 3 },
      ['human', 'human'],
      deps(saved),
      undefined,
      ['  Rosa ', ''],
    );
    if (!started.ok) throw new Error(started.error.message);
    expect(started.controller.getSnapshot().players.map((p) => p.name)).toEqual(['Rosa', null]);
    expect(saved.at(-1)?.names).toEqual(['Rosa', null]);
  });

  it('a resumed game gets its names back', () => {
    const started = GameController.start({ players: 2, seed: 3 }, ['human', 'human'], deps());
    if (!started.ok) throw new Error(started.error.message);
    const record = started.controller.record();
    const resumed = GameController.resume(record, ['human', 'human'], deps(), ['Ana', 'Bo']);
    if (!resumed.ok) throw new Error(resumed.error.message);
    expect(resumed.controller.getSnapshot().players.map((p) => p.name)).toEqual(['Ana', 'Bo']);
  });

  it('the browser keeps names with the game; an older save without names still loads', () => {
    const started = GameController.start({ players: 2, seed: 3 }, ['human', 'easy'], deps());
    if (!started.ok) throw new Error(started.error.message);
    const record = started.controller.record();
    saveGame({ record, seats: ['human', 'easy'], names: ['Ana', null] });
    expect(loadSavedGame()?.names).toEqual(['Ana', null]);
    localStorage.setItem('gangsta.game.v1', JSON.stringify({ record, seats: ['human', 'easy'] }));
    const old = loadSavedGame();
    expect(old?.seats).toEqual(['human', 'easy']);
    expect(old?.names).toEqual([null, null]);
  });
});
