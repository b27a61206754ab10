/**
 * Friends, challenges and the event stream plugged into the server: the presence (who is
 * online), the streams, and the table hooks that feed the streams (a seat kept for a player,
 * a game that starts).
 */
import type { AccountEvent as StreamEvent } from '@gangsta/protocol';
import type { FastifyInstance } from 'fastify';
import { AccountStreams } from '../events/streams.ts';
import { challengeRooms } from './challenges.ts';
import { Presence } from './presence.ts';
import { type FriendRouteDeps, registerFriendRoutes } from './routes.ts';

export interface InstalledFriends {
  routes(scope: FastifyInstance): void;
  presence: Presence;
  streams: AccountStreams;
  close(): void;
}

export function installFriends(
  app: FastifyInstance,
  ctx: FriendRouteDeps['ctx'],
): InstalledFriends {
  const presence = new Presence(ctx.store, () => ctx.time.now(), ctx.log);
  const streams = new AccountStreams();
  app.decorate('presence', presence);
  presence.addLiveSource(() => streams.players());
  ctx.hooks.accountsNotified.push((playerIds, event) => {
    // A challenge has its own line (`challenge`), sent when it is made.
    if (event.kind !== 'seatWaiting' || challengeRooms.has(event.room)) return;
    for (const id of playerIds) {
      const seat = event.room.table.seats.findIndex((s) => s.reservedFor === id);
      if (seat < 0) continue;
      const line: StreamEvent = { type: 'seatWaiting', table: event.room.info(), seat };
      streams.publish([id], line);
    }
  });
  ctx.hooks.gameStarted.push((room) => {
    room.table.seats.forEach((seat, index) => {
      if (seat.playerId === null) return;
      streams.publish([seat.playerId], { type: 'gameStart', table: room.info(), seat: index });
    });
  });
  return {
    routes: (scope) => registerFriendRoutes(scope, { ctx, streams, presence }),
    presence,
    streams,
    close: () => {
      presence.close();
      streams.closeAll();
    },
  };
}
