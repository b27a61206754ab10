/**
 * What every table source tells the table beside the position, kept once for the three of
 * them (the local game, the online table, the tutorial): the last move (the table announces
 * and animates it), the refusal shown in the status bar, and the hint with its life cycle
 * (thinking, then the bot's answer, dropped when the position moved on meanwhile).
 */
import type { Reason as BotReason } from '@gangsta/bots';
import type { Move } from '@gangsta/engine';
import type { HintState, LastMove, TableError, TableSnapshot } from './tableSource.ts';

/** What a hint bot answers: a move and, when it can say, why. */
export interface HintAnswer {
  move: Move;
  reason?: BotReason;
}

export class TableFeedback<E extends TableError = TableError> {
  lastMove: LastMove | null = null;
  error: E | null = null;
  hint: HintState = { status: 'idle' };

  /** A move was applied: it is the last move now, and the last refusal is gone. */
  moved(index: number, move: Move, byBot: boolean): void {
    this.lastMove = { index, move, byBot };
    this.error = null;
  }

  /** A new position from scratch (undo, a resync): no last move, no refusal, no hint. */
  reset(): void {
    this.lastMove = null;
    this.error = null;
    this.hint = { status: 'idle' };
  }

  /**
   * Asks a bot for a hint at move `moveCount`: "thinking" at once, then its answer or "failed".
   * An answer that arrives after the position changed (`current()` false) is dropped;
   * `changed` redraws the table each time the hint changes.
   */
  async askHint(
    moveCount: number,
    ask: () => Promise<HintAnswer>,
    current: () => boolean,
    changed: () => void,
  ): Promise<void> {
    this.hint = { status: 'thinking' };
    changed();
    try {
      const answer = await ask();
      if (!current()) return;
      this.hint = { status: 'ready', moveCount, move: answer.move, reason: answer.reason };
    } catch {
      if (!current()) return;
      this.hint = { status: 'failed' };
    }
    changed();
  }

  /** The snapshot's three fields. */
  fields(): Pick<TableSnapshot, 'lastMove' | 'error' | 'hint'> {
    return { lastMove: this.lastMove, error: this.error, hint: this.hint };
  }
}
