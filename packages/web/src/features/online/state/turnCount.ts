/**
 * How many online games wait for this player's move, for the welcome screen's "Play online"
 * ("your turn in 2 games"). Loaded on demand, like the rest of the online code, so the first
 * page stays small; it asks nothing of the server when this browser never played online.
 */
import { createApi } from './api.ts';
import { IdentityStore } from './identity.ts';

/** The number of games where it is the player's turn; null when the player has no identity. */
export async function turnsWaiting(): Promise<number | null> {
  const identity = new IdentityStore();
  if (!identity.get()) return null;
  const api = createApi({ token: identity.token });
  const { games } = await api.myGames();
  return games.filter((game) => game.yourTurn).length;
}
