/**
 * Renders the table screen for a game state, as the deciding seat (or another) sees it, with a
 * stand-in `TableSource` that records the moves played instead of applying them.
 */
import {
  type GameState,
  legalMoves,
  type Move,
  pendingDecision,
  type Seat,
  viewFor,
} from '@gangsta/engine';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { SeatKind } from '../src/game/seats.ts';
import { TableScreen } from '../src/table/TableScreen.tsx';
import type { TableSnapshot, TableSource } from '../src/table/tableSource.ts';
import { decidingSeat } from './helpers.ts';

export interface FixtureOptions {
  /** The seat at the screen; null for a spectator; the deciding seat when absent. */
  viewer?: Seat | null;
  seats?: SeatKind[];
  thinking?: Seat | null;
  names?: (string | null)[];
  pending?: boolean;
}

export function snapshotOf(state: GameState, options: FixtureOptions = {}): TableSnapshot {
  const viewer = options.viewer === undefined ? decidingSeat(state) : options.viewer;
  const decision = pendingDecision(state);
  const deciding =
    decision.kind === 'gameOver'
      ? []
      : decision.kind === 'keepResources'
        ? decision.seats
        : [decision.seat];
  const seats = options.seats ?? state.players.map((): SeatKind => 'human');
  return {
    seats,
    players: seats.map((kind, seat) => ({
      seat,
      kind,
      name: options.names?.[seat] ?? null,
      connected: true,
    })),
    viewer,
    view: viewFor(state, viewer),
    decision,
    passTo: null,
    legal: viewer !== null && deciding.includes(viewer) ? legalMoves(state, viewer) : [],
    deciding,
    thinking: options.thinking ?? null,
    log: [],
    canUndo: false,
    lastMove: null,
    moveCount: state.moveCount,
    error: null,
    over: decision.kind === 'gameOver',
    hint: { status: 'idle' },
    connection: null,
    pending: options.pending ?? false,
  };
}

export function renderTable(state: GameState, options: FixtureOptions = {}) {
  const snapshot = snapshotOf(state, options);
  const play = vi.fn<(move: Move) => boolean>(() => true);
  const source: TableSource = {
    mode: 'local',
    subscribe: () => () => {},
    getSnapshot: () => snapshot,
    play,
    undo: () => false,
    confirmPass: () => {},
    clearError: () => {},
    requestHint: async () => {},
    record: () => null,
  };
  const result = render(<TableScreen source={source} menu={() => null} />);
  return { ...result, snapshot, play, legal: snapshot.legal };
}
