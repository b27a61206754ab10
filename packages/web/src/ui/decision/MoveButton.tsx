import type { Move } from '@gangsta/engine';
import type { ReactNode } from 'react';

/**
 * The button for one legal move. `data-move-type` lets tests and the replay review find
 * controls by what they do.
 */
export function MoveButton({
  move,
  play,
  label,
  children,
  className = '',
  describedBy,
}: {
  move: Move;
  play: (move: Move) => void;
  label: string;
  children?: ReactNode;
  className?: string;
  describedBy?: string;
}) {
  return (
    <button
      type="button"
      className={`move ${className}`}
      data-move-type={move.type}
      aria-describedby={describedBy}
      onClick={() => play(move)}
    >
      {children ?? label}
    </button>
  );
}

/** Legal moves as a list of buttons, in the engine's order. */
export function MoveList({
  moves,
  play,
  moveText,
}: {
  moves: Move[];
  play: (move: Move) => void;
  moveText: (move: Move) => string;
}) {
  if (moves.length === 0) return null;
  return (
    <ul className="move-list">
      {moves.map((move, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: legal moves are distinct and ordered
        <li key={i}>
          <MoveButton move={move} play={play} label={moveText(move)} />
        </li>
      ))}
    </ul>
  );
}
