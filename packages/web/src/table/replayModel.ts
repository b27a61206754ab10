/**
 * A recorded game, step by step, for the replay viewer. Like the game controller, it keeps the
 * full states to itself: the viewer gets public views, and the hidden cards only once the game
 * is over (R-INFO-4).
 */
import {
  applyMove,
  createGame,
  type Decision,
  type GameEvent,
  type GameRecord,
  type GameState,
  type GameView,
  itemAt,
  legalMoves,
  type Move,
  pendingDecision,
  playerAt,
  type Seat,
  viewFor,
  visibleEvents,
} from '@gangsta/engine';
import type { LogEntry } from './tableSource.ts';

/** What was hidden during play, shown when the replay of a finished game reveals it. */
export interface HiddenInfo {
  heistDeck: string[];
  laterHeists: string[];
  gangsterDeck: string[];
  resourceDeck: string[];
  unkeptResources: string[];
  players: { seat: Seat; dealt: string[]; kept: string[]; peek: (string | null | undefined)[] }[];
}

/** The position before a move, for "review this move". */
export interface Position {
  seat: Seat;
  view: GameView;
  legal: Move[];
  played: Move;
  decision: Decision;
}

export class ReplayModel {
  private constructor(
    readonly record: GameRecord,
    private readonly states: GameState[],
    private readonly events: GameEvent[][],
  ) {}

  static build(record: GameRecord): ReplayModel | null {
    const created = createGame({ ...record.options, cardSet: record.cardSet });
    if (!created.ok) return null;
    let state = created.state;
    const states = [state];
    const events = [created.events];
    for (const move of record.moves) {
      const result = applyMove(state, move);
      if (!result.ok) return null;
      state = result.state;
      states.push(state);
      events.push(result.events);
    }
    return new ReplayModel(record, states, events);
  }

  /** Number of moves; steps go from 0 (the setup) to `length`. */
  get length(): number {
    return this.record.moves.length;
  }

  get over(): boolean {
    return this.stateAt(this.length).phase === 'gameOver';
  }

  /** The state after `step` moves; `states` holds one per step, 0 (the setup) to `length`. */
  private stateAt(step: number): GameState {
    return itemAt(this.states, step, 'replay step');
  }

  /** What `step` told: the setup's events at 0, then those of each move, in step with `states`. */
  private eventsAt(step: number): readonly GameEvent[] {
    return itemAt(this.events, step, 'replay step');
  }

  /** The public view at a step; with `reveal` (finished games only), kept resources too. */
  viewAt(step: number, reveal: boolean): GameView {
    const state = this.stateAt(step);
    const view = viewFor(state, null);
    if (!reveal || !this.over) return view;
    return {
      ...view,
      players: view.players.map((p) => ({
        ...p,
        heistIp: playerAt(state, p.seat).heistIp,
        resources: playerAt(state, p.seat).resources.map((r) => ({ ...r })),
      })),
    };
  }

  hiddenAt(step: number): HiddenInfo | null {
    if (!this.over) return null;
    const state = this.stateAt(step);
    return {
      heistDeck: [...state.heistDeck],
      laterHeists: [...state.laterHeists],
      gangsterDeck: [...state.gangsterDeck],
      resourceDeck: [...state.resourceDeck],
      unkeptResources: [...state.unkeptResources],
      players: state.players.map((p) => ({
        seat: p.seat,
        dealt: [...p.dealt],
        kept: p.resources.map((r) => r.id),
        peek: [p.peek.heist, p.peek.gangster].filter((id) => id),
      })),
    };
  }

  /** Log lines up to a step; private ones only when revealing a finished game. */
  logUntil(step: number, reveal: boolean): LogEntry[] {
    const entries: LogEntry[] = [];
    let id = 0;
    for (let index = 0; index <= step; index++) {
      const events =
        reveal && this.over ? this.eventsAt(index) : visibleEvents(this.eventsAt(index), null);
      for (const event of events) entries.push({ id: id++, moveIndex: index - 1, event });
    }
    return entries;
  }

  /** The position in which move `index` (0-based) was played. */
  positionBefore(index: number): Position | null {
    const played = this.record.moves[index];
    if (!played) return null;
    const state = this.stateAt(index);
    return {
      seat: played.seat,
      view: viewFor(state, played.seat),
      legal: legalMoves(state, played.seat),
      played,
      decision: pendingDecision(state),
    };
  }

  /** The public decision at a step (for describing the move played from it). */
  publicBefore(index: number): { view: GameView; decision: Decision } {
    const state = this.stateAt(index);
    return { view: viewFor(state, null), decision: pendingDecision(state) };
  }
}
