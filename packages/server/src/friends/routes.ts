/**
 * The HTTP routes of friends, challenges and the account's event stream (protocol
 * `friends.ts`): follow and unfollow by username, the friends list with who is online, a
 * challenge made, accepted or declined, and `GET /api/v1/stream/event` (NDJSON).
 */
import { type Friends, ROUTES } from '@gangsta/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccountStreams } from '../events/streams.ts';
import { requirePlayer } from '../http/auth.ts';
import { rawRoute, route } from '../http/route.ts';
import { refuse } from '../refusal.ts';
import type { FollowedRow } from '../store/friends.ts';
import type { PlayerRow } from '../store/types.ts';
import type { Limits, Observers, Platform, TableMemory, TableParts } from '../tables/context.ts';
import { infoFor } from '../tables/seats/lifecycle.ts';
import {
  acceptChallenge,
  accountPlayer,
  createChallenge,
  declineChallenge,
  pendingChallenges,
} from './challenges.ts';
import type { Presence } from './presence.ts';

/** Accounts one player follows at most (the list is one answer). */
export const FOLLOWING_MAX = 500;
/** The empty line that keeps an idle stream open through proxies (lichess sends one too). */
export const KEEPALIVE_MS = 7_000;
/** How often a stream looks in the store for challenges made on other processes. */
export const RECHECK_MS = 30_000;

export interface FriendRouteDeps {
  /** The tables a challenge makes, joins or deletes, with their limits and hooks. */
  ctx: Platform & TableMemory & Limits & Observers & Pick<TableParts, 'seatWrites' | 'gameStart'>;
  streams: AccountStreams;
  presence: Presence;
}

function friendOf(row: FollowedRow, presence: Presence) {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    online: presence.isOnline(row.lastSeenAt),
    ...(row.bot ? { bot: true } : {}),
  };
}

async function friendsOf(deps: FriendRouteDeps, player: PlayerRow): Promise<Friends> {
  const rows = await deps.ctx.store.following(player.id, FOLLOWING_MAX);
  const friends = rows.map((row) => friendOf(row, deps.presence));
  // Those online first, then by name: the list answers "who can I play now?".
  friends.sort((a, b) => Number(b.online) - Number(a.online) || a.name.localeCompare(b.name, 'en'));
  return { friends };
}

function friendRoutes(app: FastifyInstance, deps: FriendRouteDeps): void {
  const { ctx } = deps;
  route(app, ROUTES.friends, async ({ request }) =>
    friendsOf(deps, await requirePlayer(ctx.store, request)),
  );
  route(app, ROUTES.follow, async ({ request, params }) => {
    const player = await requirePlayer(ctx.store, request);
    const other = await accountPlayer(ctx, params.username);
    if (other.id === player.id) refuse('BAD_MESSAGE', 'you cannot follow yourself');
    const following = await ctx.store.following(player.id, FOLLOWING_MAX + 1);
    const already = following.find((row) => row.id === other.id);
    if (!already && following.length >= FOLLOWING_MAX)
      refuse('BAD_MESSAGE', `a player follows at most ${FOLLOWING_MAX} accounts`, {
        max: FOLLOWING_MAX,
      });
    await ctx.store.follow(player.id, other.id, new Date(ctx.time.now()).toISOString());
    const rows = await ctx.store.following(player.id, FOLLOWING_MAX);
    const row = rows.find((r) => r.id === other.id);
    if (!row) throw new Error('a followed account is missing from the list');
    return { friend: friendOf(row, deps.presence) };
  });
  route(app, ROUTES.unfollow, async ({ request, params }) => {
    const player = await requirePlayer(ctx.store, request);
    const other = await accountPlayer(ctx, params.username);
    await ctx.store.unfollow(player.id, other.id);
    return { unfollowed: other.id };
  });
}

function challengeRoutes(app: FastifyInstance, deps: FriendRouteDeps): void {
  const { ctx, streams } = deps;
  route(
    app,
    ROUTES.challenge,
    async (call) => {
      const player = await requirePlayer(ctx.store, call.request);
      return { challenge: await createChallenge(ctx, streams, player, call.body) };
    },
    {
      codeFor: (path) =>
        path[0] === 'options' || path[0] === 'clock' ? 'BAD_OPTIONS' : 'BAD_MESSAGE',
    },
  );
  route(app, ROUTES.myChallenges, async ({ request }) => {
    const player = await requirePlayer(ctx.store, request);
    return { challenges: await pendingChallenges(ctx, player) };
  });
  route(app, ROUTES.acceptChallenge, async ({ request, params }) => {
    const player = await requirePlayer(ctx.store, request);
    const { room, seat } = await acceptChallenge(ctx, player, params.id);
    return { table: infoFor(room, player), seat };
  });
  route(app, ROUTES.declineChallenge, async ({ request, params }) => {
    const player = await requirePlayer(ctx.store, request);
    await declineChallenge(ctx, streams, player, params.id);
    return { declined: params.id };
  });
}

/**
 * `GET /api/v1/stream/event`: the answer stays open, one JSON object per line. It opens with
 * the challenges waiting for the player; an empty line every `KEEPALIVE_MS` keeps it alive.
 * Events are written by the process where they happen; in a cluster a challenge made on
 * another process reaches this stream through the store instead, looked for every
 * `RECHECK_MS` (each challenge is written once per stream either way).
 */
async function openStream(deps: FriendRouteDeps, request: FastifyRequest, reply: FastifyReply) {
  const { ctx, streams } = deps;
  const player = await requirePlayer(ctx.store, request);
  const pending = await pendingChallenges(ctx, player);
  const raw = reply.raw;
  const announced = new Set<string>();
  const write = (line: string) => {
    if (line.startsWith('{"type":"challenge",')) {
      const id = (JSON.parse(line) as { challenge: { id: string } }).challenge.id;
      if (announced.has(id)) return true;
      announced.add(id);
    }
    return !raw.destroyed && raw.write(line);
  };
  const close = streams.open(player.id, write, () => raw.end());
  if (!close)
    refuse('RATE_LIMITED', 'too many event streams are open for this player', { retryMs: 60_000 });
  reply.hijack();
  raw.writeHead(200, {
    'content-type': 'application/x-ndjson; charset=utf-8',
    'cache-control': 'no-store',
    // Proxies must pass each line on at once.
    'x-accel-buffering': 'no',
  });
  for (const challenge of pending) write(`${JSON.stringify({ type: 'challenge', challenge })}\n`);
  const keepalive = setInterval(() => write('\n'), KEEPALIVE_MS);
  keepalive.unref();
  const recheck = setInterval(() => {
    pendingChallenges(ctx, player).then(
      (waiting) => {
        for (const challenge of waiting)
          write(`${JSON.stringify({ type: 'challenge', challenge })}\n`);
      },
      (error: unknown) => ctx.log.warn({ err: error }, 'waiting challenges not read'),
    );
  }, RECHECK_MS);
  recheck.unref();
  const end = () => {
    clearInterval(keepalive);
    clearInterval(recheck);
    close();
  };
  raw.on('close', end);
  request.raw.on('close', () => {
    if (raw.writableEnded || raw.destroyed) end();
  });
}

export function registerFriendRoutes(app: FastifyInstance, deps: FriendRouteDeps): void {
  friendRoutes(app, deps);
  challengeRoutes(app, deps);
  rawRoute(app, ROUTES.eventStream, ({ request, reply }) => openStream(deps, request, reply));
}
