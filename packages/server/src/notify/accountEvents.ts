/**
 * The one place where the server tells people that something at a table needs them, outside
 * the page they may have open: "your turn", "your seat is waiting" (a rematch someone else
 * asked for, an invitation to a seat kept for you) and "game over". The table code decides
 * who is to hear of an event and calls `notifyAccounts`; each channel (webhooks today, email
 * later) is a listener in `ctx.hooks.accountsNotified` that turns the event into its own
 * message. A listener never throws into the table code, and never awaits a delivery there.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Position } from '../tables/game/position.ts';
import type { Room } from '../tables/room.ts';

/** Something at a table that concerns its players (the listeners decide what to send). */
export type AccountEvent =
  /** The player's seat began a decision while they have no live connection to the table. */
  | { kind: 'yourTurn'; room: Room }
  /**
   * A waiting table keeps a seat for the player, who has not taken it: `reason` says why, `by`
   * is the display name of who made it (the player who asked for the rematch), `from` the
   * finished table a rematch follows.
   */
  | {
      kind: 'seatWaiting';
      room: Room;
      reason: 'rematch' | 'invitation';
      by: string;
      from: Room | null;
    }
  /** The game ended (`position` holds the result). */
  | { kind: 'gameOver'; room: Room; position: Position };

/** A channel: called once per event with the player ids to tell (never empty). */
export type AccountListener = (playerIds: readonly string[], event: AccountEvent) => void;

export interface AccountNotifier {
  hooks: { accountsNotified: AccountListener[] };
  log: FastifyBaseLogger;
}

/** Hands the event to every channel; a channel's failure is logged and stops nothing. */
export function notifyAccounts(
  ctx: AccountNotifier,
  playerIds: Iterable<string>,
  event: AccountEvent,
): void {
  const players = [...new Set(playerIds)];
  if (players.length === 0) return;
  for (const listener of ctx.hooks.accountsNotified) {
    try {
      listener(players, event);
    } catch (error) {
      ctx.log.error({ err: error, table: event.room.id, kind: event.kind }, 'a notice failed');
    }
  }
}
