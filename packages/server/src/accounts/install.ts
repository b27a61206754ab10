/**
 * Accounts, sessions and webhooks plugged into the server: the cookie plugin with the shared
 * signing secret, the routes, the webhook queue and the table hooks that feed it.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerOptions } from '../config.ts';
import { DEFAULT_SECURITY } from '../security/settings.ts';
import type { Observers, Ownership, Platform, TableMemory } from '../tables/context.ts';
import { hostResolver } from '../webhooks/addresses.ts';
import { installWebhookEvents } from '../webhooks/events.ts';
import { DELIVERY_TUNING, WebhookQueue } from '../webhooks/queue.ts';
import { LOGIN_LIMITS, LoginLimits } from './loginLimits.ts';
import { registerAccountRoutes, WebhookTestLimits } from './routes.ts';
import { installSessions } from './sessions.ts';

export interface InstalledAccounts {
  /** Registers the routes in the API's scope (under its rate limit). */
  routes(scope: FastifyInstance): void;
  /** The server listens at `url`: the table links of webhooks use it unless PUBLIC_URL is set. */
  listening(url: string): void;
  /** The address players reach the server at (`PUBLIC_URL`, else its own), for links. */
  publicUrl(): string;
  /** Drops pending webhook deliveries (shutdown). */
  close(): void;
  webhooks: WebhookQueue;
}

export async function installAccounts(
  app: FastifyInstance,
  ctx: Platform &
    Pick<TableMemory, 'rooms'> &
    Pick<Observers, 'hooks'> &
    Pick<Ownership, 'isConnected'>,
  options: ServerOptions,
): Promise<InstalledAccounts> {
  await installSessions(app, ctx.store, () => ctx.time.now(), {
    secret: options.sessionSecret,
    secure: options.cookieSecure,
  });
  let ownUrl = `http://${options.host}:${options.port}`;
  const security = { ...DEFAULT_SECURITY, ...options.security };
  // One resolver for the check when an address is set and for every delivery.
  const resolve = security.webhookResolver ?? hostResolver(security.webhookDnsServers);
  const publicUrl = () => options.publicUrl ?? ownUrl;
  const webhooks = new WebhookQueue(
    { ...DELIVERY_TUNING, ...options.webhookTuning },
    {
      log: ctx.log,
      failed: () => ctx.metrics.webhookFailures.inc(),
      allowPrivate: options.webhookAllowPrivate,
      resolve,
    },
  );
  installWebhookEvents(ctx, { queue: webhooks, publicUrl });
  const limits = new LoginLimits({ ...LOGIN_LIMITS, perAddressPerMinute: options.loginPerMinute });
  return {
    routes: (scope) =>
      registerAccountRoutes(scope, {
        ctx,
        limits,
        webhooks,
        allowPrivateWebhooks: options.webhookAllowPrivate,
        resolveWebhookHost: resolve,
        webhookTests: new WebhookTestLimits(security.webhookTestsPerHour),
        publicUrl,
      }),
    publicUrl,
    listening: (url) => {
      ownUrl = url;
    },
    close: () => webhooks.close(),
    webhooks,
  };
}
