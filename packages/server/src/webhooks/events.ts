/**
 * When the players' webhooks are called: "your turn" when a person's seat starts a decision
 * after another seat's move (not at every step of their own turn) while they have no live
 * connection to the table, "your seat is waiting" when a rematch keeps a seat for them
 * (`tables/seats/rematch.ts`), and "game over" with the result to every seated person. The table
 * hooks run on the one process that committed the move, so each event is sent once per
 * cluster. Everything here runs after the move was acknowledged and never awaits a delivery.
 */
import type { Seat } from '@gangsta/engine';
import type { WebhookBody } from '@gangsta/protocol';
import {
  type AccountEvent,
  type AccountNotifier,
  notifyAccounts,
} from '../notify/accountEvents.ts';
import { StoreUnavailable } from '../store/health.ts';
import type { Observers, Ownership, Platform } from '../tables/context.ts';
import { decidingAt, type Position } from '../tables/game/position.ts';
import type { PendingMove } from '../tables/moves/commits.ts';
import type { Room } from '../tables/room.ts';
import type { WebhookQueue } from './queue.ts';

export interface WebhookEvents {
  queue: WebhookQueue;
  /** The address players open the game at (`PUBLIC_URL`, else the server's own). */
  publicUrl: () => string;
}

export function tableUrl(publicUrl: string, tableId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/#/online/t/${encodeURIComponent(tableId)}`;
}

/** Seats that began deciding with one of these moves, made by another seat. */
export function seatsNowDeciding(group: readonly PendingMove[]): Set<Seat> {
  const seats = new Set<Seat>();
  const last = group.at(-1);
  const atEnd = new Set(last ? decidingAt(last.after) : []);
  for (const pending of group) {
    const before = new Set(decidingAt(pending.before));
    for (const seat of decidingAt(pending.after)) {
      if (seat !== pending.row.seat && !before.has(seat) && atEnd.has(seat)) seats.add(seat);
    }
  }
  return seats;
}

/** The player of a person's seat (not a bot's), unless the seat is away. */
function personAt(room: Room, seat: Seat): string | null {
  const stored = room.table.seats[seat];
  if (!stored || stored.playerId === null || stored.botLevel !== null) return null;
  // A bot plays an away seat for its player until they come back: nothing to tell them yet.
  return room.info().seats[seat]?.away ? null : stored.playerId;
}

function body(
  event: WebhookBody['gangsta']['event'],
  sentence: string,
  room: Room | null,
  url: string,
) {
  const payload: WebhookBody = {
    content: sentence,
    text: sentence,
    gangsta: { event, table: room?.id ?? null, tableName: room?.table.name ?? null, url },
  };
  return payload;
}

function seatName(room: Room, seat: Seat): string {
  const stored = room.table.seats[seat];
  return stored?.name ?? (stored?.botLevel ? `bot (${stored.botLevel})` : `seat ${seat + 1}`);
}

export function yourTurnBody(room: Room, url: string): WebhookBody {
  return body('yourTurn', `Your turn at “${room.table.name}” — ${url}`, room, url);
}

export function gameOverBody(room: Room, position: Position, url: string): WebhookBody {
  const result = position.state.result;
  const scores = (result?.scores ?? []).map((s) => ({
    name: seatName(room, s.seat),
    total: s.total,
  }));
  const winners = (result?.winners ?? []).map((seat) => seatName(room, seat));
  const line = scores.map((s) => `${s.name} ${s.total}`).join(', ');
  const who = winners.length > 0 ? `${winners.join(' and ')} won` : 'the game ended';
  const payload = body(
    'gameOver',
    `Game over at “${room.table.name}”: ${who} (${line}) — ${url}`,
    room,
    url,
  );
  payload.gangsta.result = { winners, scores };
  return payload;
}

export function testBody(publicUrl: string): WebhookBody {
  const sentence = `Gangsta! webhook test: this channel will hear when it is your turn — ${publicUrl}`;
  return body('test', sentence, null, publicUrl);
}

/** Looks up the players' webhooks and queues one delivery each; never throws. */
function sendTo(
  ctx: Pick<Platform, 'store' | 'log'>,
  events: WebhookEvents,
  playerIds: string[],
  payload: WebhookBody,
) {
  if (playerIds.length === 0) return;
  ctx.store.webhooksOf(playerIds).then(
    (hooks) => {
      for (const [, url] of hooks) events.queue.enqueue(url, payload);
    },
    (error: unknown) => {
      // An outage is the store's health's to report (as an error, once); these are dropped.
      if (error instanceof StoreUnavailable) {
        ctx.log.warn(
          { players: playerIds.length },
          'webhooks not sent: the database is unreachable',
        );
      } else {
        ctx.log.error({ err: error }, 'webhooks could not be read');
      }
    },
  );
}

export function seatWaitingBody(
  room: Room,
  by: string,
  reason: 'rematch' | 'invitation',
  url: string,
): WebhookBody {
  // An invitation is a friend's challenge (`friends/challenges.ts`), not a game played before.
  const offer = reason === 'rematch' ? 'offers a rematch' : 'invites you to a game';
  return body(
    'seatWaiting',
    `${by} ${offer} at “${room.table.name}” — your seat is waiting — ${url}`,
    room,
    url,
  );
}

/** The webhook of each event (`notify/accountEvents.ts`). */
function webhookBody(event: AccountEvent, publicUrl: string): WebhookBody {
  const url = tableUrl(publicUrl, event.room.id);
  switch (event.kind) {
    case 'yourTurn':
      return yourTurnBody(event.room, url);
    case 'seatWaiting':
      return seatWaitingBody(event.room, event.by, event.reason, url);
    case 'gameOver':
      return gameOverBody(event.room, event.position, url);
  }
}

/** Tells the persons of these seats who are not at the table that it is their turn. */
function yourTurn(
  ctx: Pick<Ownership, 'isConnected'> & AccountNotifier,
  room: Room,
  seats: Iterable<Seat>,
) {
  const players = new Set<string>();
  for (const seat of seats) {
    const player = personAt(room, seat);
    if (player !== null && !ctx.isConnected(room, player)) players.add(player);
  }
  notifyAccounts(ctx, players, { kind: 'yourTurn', room });
}

function gameOver(ctx: AccountNotifier, room: Room, position: Position) {
  const players = room.table.seats.flatMap((s) => (s.playerId !== null ? [s.playerId] : []));
  notifyAccounts(ctx, players, { kind: 'gameOver', room, position });
}

/**
 * The table events that concern players (turns, game over) go to `notifyAccounts`; the
 * webhook channel listens there, as every other channel does.
 */
export function installWebhookEvents(
  ctx: Pick<Platform, 'store' | 'log'> & Pick<Observers, 'hooks'> & Pick<Ownership, 'isConnected'>,
  events: WebhookEvents,
): void {
  ctx.hooks.movesCommitted.push((room, group) => {
    const last = group.at(-1);
    if (!last || last.after.state.phase === 'gameOver') return;
    yourTurn(ctx, room, seatsNowDeciding(group));
  });
  ctx.hooks.gameStarted.push((room) => {
    if (room.committed) yourTurn(ctx, room, decidingAt(room.committed));
  });
  ctx.hooks.gameFinished.push((room) => {
    if (room.committed) gameOver(ctx, room, room.committed);
  });
  ctx.hooks.accountsNotified.push((players, event) => {
    sendTo(ctx, events, [...players], webhookBody(event, events.publicUrl()));
  });
}
