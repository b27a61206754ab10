/**
 * The HTTP routes of email notifications (protocol `friends.ts`): the account's address and
 * opt-ins, the verification mail sent again, and the two links mails carry, which work
 * without a login (signed tokens, `tokens.ts`): verify an address, unsubscribe.
 */
import { type EmailSettings, ROUTES } from '@gangsta/protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { WebhookTestLimits } from '../accounts/routes.ts';
import { requirePlayer } from '../http/auth.ts';
import { type RouteCall, rawRoute, route } from '../http/route.ts';
import { refuse } from '../refusal.ts';
import type { PlayerRow } from '../store/types.ts';
import type { Platform } from '../tables/context.ts';
import type { EmailNotifier } from './notify.ts';
import { readToken } from './tokens.ts';

/** Verification mails one player may cause an hour (each goes to an address they typed). */
export const VERIFICATIONS_PER_HOUR = 5;

/** Something with an `@` and a dot after it, no spaces: the mail server says the rest. */
const ADDRESS = /^[^\s@<>()",;:\\]+@[^\s@<>()",;:\\]+\.[^\s@<>()",;:\\]+$/;

export interface EmailRouteDeps {
  ctx: Pick<Platform, 'store' | 'time'>;
  /** null: no SMTP server is configured; the settings are kept but nothing is sent. */
  notifier: EmailNotifier | null;
  secret: string;
  publicUrl: () => string;
}

async function settingsOf(deps: EmailRouteDeps, player: PlayerRow): Promise<EmailSettings> {
  const row = await deps.ctx.store.emailOf(player.id);
  const email = row
    ? {
        address: row.address,
        verified: row.verifiedAt !== null,
        yourTurn: row.yourTurn,
        invitations: row.invitations,
        rematches: row.rematches,
      }
    : null;
  return { email, enabled: deps.notifier !== null };
}

/** Mail goes to accounts only: a guest's identity lives in one browser. */
async function requireAccount(deps: EmailRouteDeps, player: PlayerRow): Promise<void> {
  if (!(await deps.ctx.store.accountOfPlayer(player.id)))
    refuse('WRONG_STATUS', 'email notifications are for accounts: create one first');
}

/** Where the links of mails land in the web client, with what happened. */
function landing(deps: EmailRouteDeps, reply: FastifyReply, outcome: string) {
  const base = deps.publicUrl().replace(/\/+$/, '');
  return reply.redirect(`${base}/#/online?email=${outcome}`, 303);
}

function meEmailRoutes(app: FastifyInstance, deps: EmailRouteDeps): void {
  const { ctx } = deps;
  const verifications = new WebhookTestLimits(VERIFICATIONS_PER_HOUR);
  const sendVerification = async (player: PlayerRow, address: string) => {
    if (!deps.notifier) return;
    const retryMs = verifications.take(player.id, ctx.time.now());
    if (retryMs > 0)
      refuse('RATE_LIMITED', 'too many verification mails; try again later', { retryMs });
    await deps.notifier.sendVerification(player.id, address);
  };
  route(app, ROUTES.emailSettings, async ({ request }) =>
    settingsOf(deps, await requirePlayer(ctx.store, request)),
  );
  route(app, ROUTES.setEmail, setEmail, {
    codeFor: (path) => (path[0] === 'address' ? 'BAD_EMAIL' : 'BAD_MESSAGE'),
  });
  async function setEmail(call: RouteCall<typeof ROUTES.setEmail>) {
    const player = await requirePlayer(ctx.store, call.request);
    // A guest is told to make an account before anything about the address.
    await requireAccount(deps, player);
    const body = call.body;
    const nowIso = new Date(ctx.time.now()).toISOString();
    if (body.address === null) {
      await ctx.store.setEmail(player.id, null, nowIso);
      return settingsOf(deps, player);
    }
    if (!ADDRESS.test(body.address)) refuse('BAD_EMAIL', 'that is not a mail address');
    const before = await ctx.store.emailOf(player.id);
    await ctx.store.setEmail(player.id, { ...body, address: body.address }, nowIso);
    if (before?.address !== body.address) await sendVerification(player, body.address);
    return settingsOf(deps, player);
  }
  route(app, ROUTES.resendVerification, async ({ request }) => {
    const player = await requirePlayer(ctx.store, request);
    const row = await ctx.store.emailOf(player.id);
    if (!row) refuse('BAD_EMAIL', 'no address is set');
    if (row.verifiedAt === null) await sendVerification(player, row.address);
    return settingsOf(deps, player);
  });
}

function linkRoutes(app: FastifyInstance, deps: EmailRouteDeps): void {
  const { ctx } = deps;
  rawRoute(app, ROUTES.verifyEmail, async ({ reply, query }) => {
    const token = readToken(deps.secret, query.token ?? '', ctx.time.now());
    if (token?.kind !== 'verify') return landing(deps, reply, 'invalid');
    const nowIso = new Date(ctx.time.now()).toISOString();
    const verified = await ctx.store.verifyEmail(token.playerId, token.address, nowIso);
    return landing(deps, reply, verified ? 'verified' : 'invalid');
  });
  const unsubscribe = async (token: string | undefined) => {
    const read = readToken(deps.secret, token ?? '', ctx.time.now());
    if (read?.kind !== 'unsubscribe') return false;
    await ctx.store.unsubscribeEmail(read.playerId, new Date(ctx.time.now()).toISOString());
    return true;
  };
  // The link in the mail (a person's click) and the mail program's one-click POST (RFC 8058).
  rawRoute(app, ROUTES.unsubscribeLink, async ({ reply, query }) =>
    landing(deps, reply, (await unsubscribe(query.token)) ? 'unsubscribed' : 'invalid'),
  );
  route(app, ROUTES.unsubscribeOneClick, async ({ query }) => {
    if (!(await unsubscribe(query.token)))
      refuse('BAD_MESSAGE', 'the unsubscribe link is not valid');
    return { ok: true as const };
  });
}

export function registerEmailRoutes(app: FastifyInstance, deps: EmailRouteDeps): void {
  meEmailRoutes(app, deps);
  linkRoutes(app, deps);
}
