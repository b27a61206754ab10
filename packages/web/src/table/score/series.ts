/**
 * Each player's IP and money over the game, for the score screen's chart: the record is
 * replayed with the engine and the full state is read after every turn. The game is over, so
 * everything may be revealed (R-INFO-4): the chart reads the state, not a seat's view.
 *
 * IP after a turn is what a player holds so far (R-END-1 without the end-of-game bonuses: heist
 * IP, members' IP, active resource cards and Media); the last point, "end", is the final score
 * with its bonuses (richest, largest gang, family majorities). Money is cash plus the Bank.
 */
import {
  applyMove,
  createGame,
  type EngineError,
  finalScores,
  type GameRecord,
  type GameState,
} from '@gangsta/engine';

export type PointLabel = { kind: 'start' } | { kind: 'turn'; turn: number } | { kind: 'end' };

export interface ScorePoint {
  label: PointLabel;
  /** By seat. */
  ip: number[];
  money: number[];
}

export type SeriesResult =
  | { ok: true; points: ScorePoint[] }
  | { ok: false; error: EngineError; index: number };

/** IP held so far, by seat: the final-score categories that do not depend on the others. */
export function runningIp(state: GameState): number[] {
  return finalScores(state).scores.map((s) => s.heists + s.members + s.resources + s.media);
}

function point(state: GameState, label: PointLabel): ScorePoint {
  return {
    label,
    ip: runningIp(state),
    money: state.players.map((p) => p.cash + p.bank),
  };
}

export function scoreSeries(record: GameRecord): SeriesResult {
  const created = createGame({ ...record.options, cardSet: record.cardSet });
  if (!created.ok) return { ok: false, error: created.error, index: -1 };
  let state = created.state;
  const points: ScorePoint[] = [point(state, { kind: 'start' })];
  let turns = 0;
  for (let index = 0; index < record.moves.length; index++) {
    const result = applyMove(state, record.moves[index]);
    if (!result.ok) return { ok: false, error: result.error, index };
    state = result.state;
    // One point per turn, taken after the move that ended it.
    if (result.events.some((event) => event.type === 'turnEnded')) {
      turns++;
      points.push(point(state, { kind: 'turn', turn: turns }));
    }
  }
  if (state.result) {
    points.push({
      label: { kind: 'end' },
      ip: state.result.scores.map((s) => s.total),
      money: state.players.map((p) => p.cash + p.bank),
    });
  }
  return { ok: true, points };
}
