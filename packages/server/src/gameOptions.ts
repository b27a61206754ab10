import type { GameOptions } from '@gangsta/engine';
import type { TableOptions } from '@gangsta/protocol';

/**
 * The engine's options for a table's game: its options with the seed the server drew. The
 * parsed table options type an absent `firstPlayer` as possibly `undefined`; the engine's
 * options leave it out instead (drawn from the seed).
 */
export function gameOptionsOf(options: TableOptions, seed: number): GameOptions {
  const { firstPlayer, ...rest } = options;
  return { ...rest, seed, ...(firstPlayer === undefined ? {} : { firstPlayer }) };
}
