/**
 * The HTTP routes of accounts, sessions, "My games" and webhooks (see protocol `accounts.ts`).
 */
import {
  type BotAccountAnswer,
  type MeAnswer,
  type ProtocolErrorCode,
  ROUTES,
} from '@gangsta/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { addressKey } from '../addressKey.ts';
import { requirePlayer } from '../http/auth.ts';
import { type RouteCall, route } from '../http/route.ts';
import { hashToken, newToken } from '../ids.ts';
import { TokenBucket } from '../rateLimit.ts';
import { refuse } from '../refusal.ts';
import { type AccountStore, usernameKey } from '../store/accounts.ts';
import type { PlayerRow } from '../store/types.ts';
import type { WebhookStore } from '../store/webhooks.ts';
import type { Platform, TableMemory } from '../tables/context.ts';
import {
  checkWebhookUrl,
  type HostResolver,
  type PrivateAllowance,
} from '../webhooks/addresses.ts';
import { testBody } from '../webhooks/events.ts';
import type { WebhookQueue } from '../webhooks/queue.ts';
import type { LoginLimits } from './loginLimits.ts';
import { myGames } from './myGames.ts';
import { decoyHash, hashPassword, verifyPassword } from './passwords.ts';

export interface AccountRouteDeps {
  /** The store, the clock, and the tables in memory ("My games" reads the live ones). */
  ctx: Pick<Platform, 'store' | 'time'> & Pick<TableMemory, 'rooms'>;
  limits: LoginLimits;
  webhooks: WebhookQueue;
  /** Which loopback and private addresses webhooks may point at (tests: all). */
  allowPrivateWebhooks: PrivateAllowance;
  /** Resolves webhook host names (the check when an address is set). */
  resolveWebhookHost: HostResolver;
  /** "Send a test" per player (`WEBHOOK_TESTS_PER_HOUR`). */
  webhookTests: WebhookTestLimits;
  publicUrl: () => string;
}

const accountCode = (path: readonly PropertyKey[]): ProtocolErrorCode => {
  if (path[0] === 'username') return 'BAD_USERNAME';
  if (path[0] === 'password') return 'BAD_PASSWORD';
  return 'BAD_MESSAGE';
};

const webhookCode = (path: readonly PropertyKey[]): ProtocolErrorCode =>
  path[0] === 'url' ? 'BAD_WEBHOOK' : 'BAD_MESSAGE';

/** What `GET /me` answers: the player, their account if any, and their webhook. */
export async function meAnswer(
  store: AccountStore & WebhookStore,
  player: PlayerRow,
): Promise<MeAnswer> {
  const [account, webhook] = await Promise.all([
    store.accountOfPlayer(player.id),
    store.webhookOf(player.id),
  ]);
  return {
    player: { id: player.id, name: player.name },
    account: account ? { username: account.username, ...(player.bot ? { bot: true } : {}) } : null,
    webhook,
  };
}

function accountRoutes(app: FastifyInstance, deps: AccountRouteDeps): void {
  const { store } = deps.ctx;
  route(
    app,
    ROUTES.createAccount,
    async (call) => {
      const { request, reply } = call;
      const player = await requirePlayer(store, request);
      const body = call.body;
      if (await store.accountOfPlayer(player.id))
        refuse('ALREADY_ACCOUNT', 'this player already has an account');
      const created = await store.createAccount({
        playerId: player.id,
        username: body.username,
        passwordHash: await hashPassword(body.password),
        createdAt: new Date(deps.ctx.time.now()).toISOString(),
      });
      if (created === 'already') refuse('ALREADY_ACCOUNT', 'this player already has an account');
      if (created === 'taken')
        refuse('USERNAME_TAKEN', 'another account has this username', { username: body.username });
      await request.server.sessions.start(request, reply, player.id);
      return meAnswer(store, player);
    },
    { codeFor: accountCode },
  );
  route(app, ROUTES.becomeBotAccount, ({ request }) => becomeBotAccount(deps, request));
  route(app, ROUTES.login, (call) => login(deps, call));
  route(app, ROUTES.logout, async ({ request, reply }) => {
    await request.server.sessions.end(request, reply);
    return { ok: true as const };
  });
}

/**
 * The account becomes a bot account (or, being one, gets a new token: the one way to replace a
 * lost token, from a logged-in session). The token is shown here once; only its hash is kept.
 */
async function becomeBotAccount(
  deps: AccountRouteDeps,
  request: FastifyRequest,
): Promise<BotAccountAnswer> {
  const { store } = deps.ctx;
  const player = await requirePlayer(store, request);
  const token = newToken();
  const change = await store.becomeBotAccount(player.id, hashToken(token));
  if (change === 'no account')
    refuse('NOT_BOT_ELIGIBLE', 'only an account may become a bot account: create one first');
  if (change === 'has played')
    refuse(
      'NOT_BOT_ELIGIBLE',
      'an account that has taken a seat stays a person’s: make a new account for the bot',
    );
  const me = await meAnswer(store, { ...player, bot: true });
  if (!me.account) throw new Error('a bot account without its account row');
  return { player: me.player, account: me.account, token };
}

/**
 * A failed login says only BAD_CREDENTIALS, and an unknown username costs a password check
 * like a known one, so neither the answer nor its time tells whether the account exists.
 */
async function login(
  deps: AccountRouteDeps,
  { request, reply, body }: RouteCall<typeof ROUTES.login>,
): Promise<MeAnswer> {
  const { store } = deps.ctx;
  const key = usernameKey(body.username);
  const retryMs = deps.limits.attempt(addressKey(request.ip), key, deps.ctx.time.now());
  if (retryMs > 0) refuse('RATE_LIMITED', 'too many login attempts; try again later', { retryMs });
  const account = await store.accountByUsername(body.username);
  const valid = await verifyPassword(body.password, account?.passwordHash ?? (await decoyHash()));
  const player = valid && account ? await store.playerById(account.playerId) : undefined;
  if (!player) {
    deps.limits.failed(key, deps.ctx.time.now());
    return refuse('BAD_CREDENTIALS', 'the username or the password is wrong');
  }
  deps.limits.succeeded(key);
  await request.server.sessions.start(request, reply, player.id);
  return meAnswer(store, player);
}

function meRoutes(app: FastifyInstance, deps: AccountRouteDeps): void {
  const { ctx } = deps;
  route(app, ROUTES.getMe, async ({ request }) =>
    meAnswer(ctx.store, await requirePlayer(ctx.store, request)),
  );
  route(app, ROUTES.myGames, async ({ request }) =>
    myGames(ctx, await requirePlayer(ctx.store, request)),
  );
  route(
    app,
    ROUTES.setWebhook,
    async (call) => {
      const player = await requirePlayer(ctx.store, call.request);
      const { url } = call.body;
      const webhook = url
        ? await checkWebhookUrl(url, deps.allowPrivateWebhooks, deps.resolveWebhookHost)
        : null;
      await ctx.store.setWebhook(player.id, webhook, new Date(ctx.time.now()).toISOString());
      return { webhook };
    },
    { codeFor: webhookCode },
  );
  route(app, ROUTES.testWebhook, async ({ request }) => {
    const player = await requirePlayer(ctx.store, request);
    const url = await ctx.store.webhookOf(player.id);
    if (url === null) refuse('BAD_WEBHOOK', 'no webhook is set');
    const retryMs = deps.webhookTests.take(player.id, ctx.time.now());
    if (retryMs > 0) refuse('RATE_LIMITED', 'too many webhook tests; try again later', { retryMs });
    return deps.webhooks.tryOnce(url, testBody(deps.publicUrl()));
  });
}

/**
 * "Send a test" makes the server POST to an address of the player's choice, so each player
 * gets a few (a burst of up to 3), then `perHour` an hour. Per process; a player's bucket is
 * forgotten an hour after its last use (it is full again by then), at most 100,000 at once.
 */
export class WebhookTestLimits {
  private readonly buckets: LRUCache<string, TokenBucket>;

  constructor(private readonly perHour: number) {
    this.buckets = new LRUCache({ max: 100_000, ttl: 60 * 60_000 });
  }

  /** Counts a test; the milliseconds to wait when it is refused (0: go ahead). */
  take(playerId: string, now: number): number {
    if (this.perHour <= 0) return 0;
    let bucket = this.buckets.get(playerId);
    if (!bucket) {
      bucket = new TokenBucket(Math.min(3, this.perHour), (60 * 60_000) / this.perHour, now);
      this.buckets.set(playerId, bucket);
    } else {
      // Its use keeps it for another hour.
      this.buckets.set(playerId, bucket);
    }
    return bucket.take(now);
  }
}

export function registerAccountRoutes(app: FastifyInstance, deps: AccountRouteDeps): void {
  accountRoutes(app, deps);
  meRoutes(app, deps);
}
