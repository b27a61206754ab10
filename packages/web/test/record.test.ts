/** Game files: a corrupt or foreign file is refused with a reason a player can act on. */
import { applyMove, createGame, type GameRecord, legalMoves } from '@gangsta/engine';
import { describe, expect, it } from 'vitest';
import { parseGameFile, serializeRecord } from '../src/game/record.ts';
import { itemOf } from './helpers.ts';

function smallRecord(): GameRecord {
  const created = createGame({ players: 2, seed: 3 });
  if (!created.ok) throw new Error('setup');
  let state = created.state;
  const moves = [];
  for (let i = 0; i < 10; i++) {
    const move = legalMoves(state).find((m) => m.type !== 'bank' && m.type !== 'abandonHeist')!;
    const result = applyMove(state, move);
    if (!result.ok) throw new Error(result.error.message);
    state = result.state;
    moves.push(move);
  }
  return { format: 'gangsta-game', version: 1, options: state.options, moves };
}

describe('game files', () => {
  it('reads back what it writes', () => {
    const record = smallRecord();
    const parsed = parseGameFile(serializeRecord(record));
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.record.moves).toEqual(record.moves);
  });

  it('keeps who sat where: kinds and names come back as written', () => {
    const record = smallRecord();
    const players = [
      { kind: 'human', name: 'Ann' },
      { kind: 'medium', name: 'Rosa Vitale' },
    ] as const;
    const text = serializeRecord(record, players);
    const parsed = parseGameFile(text);
    expect(parsed).toMatchObject({ ok: true, players });
    // The engine's record stays the engine's: the names travel beside it.
    if (parsed.ok) expect(parsed.record).toEqual(JSON.parse(serializeRecord(record)));
  });

  it('opens a file written before names (and the server’s records): nobody named', () => {
    const parsed = parseGameFile(serializeRecord(smallRecord()));
    expect(parsed).toMatchObject({ ok: true, players: null });
  });

  it('refuses a file whose players are damaged, naming the field', () => {
    const data = JSON.parse(
      serializeRecord(smallRecord(), [
        { kind: 'human', name: 'Ann' },
        { kind: 'medium', name: null },
      ]),
    );
    data.players[1].kind = 'wizard';
    expect(parseGameFile(JSON.stringify(data))).toEqual({
      ok: false,
      problem: { key: 'badField', params: { field: 'players.1.kind' } },
    });
    data.players = [{ kind: 'human', name: 'Ann' }];
    expect(parseGameFile(JSON.stringify(data))).toEqual({
      ok: false,
      problem: { key: 'badField', params: { field: 'players' } },
    });
  });

  it('refuses text that is not JSON', () => {
    expect(parseGameFile('{ not json')).toEqual({ ok: false, problem: { key: 'notJson' } });
  });

  it('refuses JSON that is not a game', () => {
    expect(parseGameFile('{"hello": 1}')).toEqual({ ok: false, problem: { key: 'notGame' } });
  });

  it('names a missing or wrong field', () => {
    const record = { ...smallRecord(), options: { players: 9 } };
    const parsed = parseGameFile(JSON.stringify(record));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problem.key).toBe('badField');
  });

  it('names the first move that cannot be played', () => {
    const record = smallRecord();
    record.moves[4] = { type: 'recruit', seat: itemOf(record.moves, 4).seat, card: 'G99' };
    const parsed = parseGameFile(JSON.stringify(record));
    expect(parsed).toMatchObject({ ok: false, problem: { key: 'badMove', params: { index: 5 } } });
  });
});
