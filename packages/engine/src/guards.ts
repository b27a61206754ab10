/**
 * Checked look-ups for indices the rules know to be in range (a seat of the table, a slot of a
 * row). With `noUncheckedIndexedAccess` an index may miss; these say so with a clear error
 * instead of letting an `undefined` travel on. They allocate nothing unless they throw, so the
 * search's hot paths may use them. `applyMove` turns a throw into an `INVALID_STATE` error.
 */

/** The player at `seat` of a state or a view. */
export function playerAt<P>(holder: { readonly players: readonly P[] }, seat: number): P {
  const player = holder.players[seat];
  if (player === undefined) {
    throw new RangeError(`no seat ${seat} at this table of ${holder.players.length}`);
  }
  return player;
}

/** `items[index]`, which the caller knows to exist; `what` names the list in the error. */
export function itemAt<T>(items: readonly T[], index: number, what: string): T {
  const item = items[index];
  if (item === undefined) {
    throw new RangeError(`no ${what} at index ${index} (there are ${items.length})`);
  }
  return item;
}
