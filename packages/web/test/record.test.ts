/** Game files: a corrupt or foreign file is refused with a reason a player can act on. */
import { applyMove, createGame, type GameRecord, legalMoves } from '@gangsta/engine';
import { describe, expect, it } from 'vitest';
import { parseGameFile, serializeRecord } from '../src/game/record.ts';

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
    record.moves[4] = { type: 'recruit', seat: record.moves[4].seat, card: 'G99' };
    const parsed = parseGameFile(JSON.stringify(record));
    expect(parsed).toMatchObject({ ok: false, problem: { key: 'badMove', params: { index: 5 } } });
  });
});
