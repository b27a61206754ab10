/**
 * Deep copy of a game state for search: the card set is shared (it never changes), everything
 * else is copied. Faster than structuredClone, which matters for ISMCTS playouts.
 */
import type { GameState, Member, PlayerState } from './types.ts';

const cloneMember = (m: Member): Member => ({ ...m });

function clonePlayer(p: PlayerState): PlayerState {
  return {
    ...p,
    gang: p.gang.map(cloneMember),
    pile: p.pile.slice(),
    hospital: p.hospital.map(cloneMember),
    resources: p.resources.map((r) => ({ ...r })),
    dealt: p.dealt.slice(),
    peek: { ...p.peek },
  };
}

export function cloneState(state: GameState): GameState {
  return {
    ...state,
    players: state.players.map(clonePlayer),
    turn: { ...state.turn },
    heistRow: state.heistRow.slice(),
    heistDeck: state.heistDeck.slice(),
    laterHeists: state.laterHeists.slice(),
    recruitRow: state.recruitRow.slice(),
    gangsterDeck: state.gangsterDeck.slice(),
    resourceDeck: state.resourceDeck.slice(),
    unkeptResources: state.unkeptResources.slice(),
    removed: state.removed.slice(),
    heist: state.heist
      ? {
          ...state.heist,
          remaining: state.heist.remaining.slice(),
          activated: state.heist.activated.map((a) => ({ ...a })),
        }
      : null,
    // Tasks are replaced, never edited in place, so a shallow copy of the queue is enough.
    queue: state.queue.slice(),
  };
}

/** A deep copy of plain JSON data. */
export function copyJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
