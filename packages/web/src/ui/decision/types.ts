import type { Decision, GameView, Move } from '@gangsta/engine';
import type { TextContext } from '../../text/context.ts';

/** What every decision control receives: the viewer's view, its legal moves and a way to play. */
export interface DecisionProps<D extends Decision = Decision> {
  ctx: TextContext;
  view: GameView;
  decision: D;
  legal: Move[];
  play: (move: Move) => void;
  moveText: (move: Move) => string;
}

export type DecisionOf<K extends Decision['kind']> = Extract<Decision, { kind: K }>;
