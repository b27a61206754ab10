/**
 * A game being played in the terminal: the state, the move list (the game record) and the
 * undo stack. Undo restores the state before the player's last move while the engine allows
 * it (R-TURN-3); a bot's move or a move that revealed something empties the stack.
 */
import {
  type ApplyResult,
  applyMove,
  canUndo,
  type GameOptions,
  type GameRecord,
  type GameState,
  type Move,
} from '@gangsta/engine';

interface Snapshot {
  state: GameState;
  moveCount: number;
}

export class Session {
  state: GameState;
  readonly moves: Move[];
  private readonly undoStack: Snapshot[] = [];

  constructor(state: GameState, moves: Move[] = []) {
    this.state = state;
    this.moves = [...moves];
  }

  get options(): GameOptions {
    return this.state.options;
  }

  /** Applies a move; on success records it and maintains the undo stack. */
  apply(
    move: Move,
    byHuman: boolean,
  ): Extract<ApplyResult, { ok: true }> | Extract<ApplyResult, { ok: false }> {
    const before = this.state;
    const result = applyMove(before, move);
    if (!result.ok) return result;
    this.state = result.state;
    this.moves.push(move);
    if (byHuman && result.undoable) {
      this.undoStack.push({ state: before, moveCount: this.moves.length - 1 });
    } else {
      this.undoStack.length = 0;
    }
    return result;
  }

  canUndo(): boolean {
    return this.undoStack.length > 0 && canUndo(this.state);
  }

  /** Takes back the last move; false if nothing may be taken back. */
  undo(): boolean {
    if (!this.canUndo()) return false;
    const snapshot = this.undoStack.pop()!;
    this.state = snapshot.state;
    this.moves.length = snapshot.moveCount;
    return true;
  }

  record(): GameRecord {
    return {
      format: 'gangsta-game',
      version: 1,
      options: this.state.options,
      moves: [...this.moves],
    };
  }
}
