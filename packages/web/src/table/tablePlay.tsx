/**
 * What the table needs from its mode to make its cards controls, handed down once through a
 * React context instead of props through every board, row and card: how to play a move (the
 * source's `play`: the local controller, the server online, the tutorial's script) and how to
 * say it (the move in words, for a card's label). The table screen provides it; a board or a
 * row drawn without it (the replay, a still table) has cards that are only pictures.
 */
import type { Move } from '@gangsta/engine';
import { createContext, useContext } from 'react';

export interface TablePlay {
  play?: ((move: Move) => void) | undefined;
  moveText?: ((move: Move) => string) | undefined;
}

const TablePlayContext = createContext<TablePlay>({});

export const TablePlayProvider = TablePlayContext.Provider;

export function useTablePlay(): TablePlay {
  return useContext(TablePlayContext);
}
