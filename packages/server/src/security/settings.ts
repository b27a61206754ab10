/**
 * The settings of the server's defences against other sites and crowded addresses (see
 * docs/security.md): allowed origins, the metrics token, the WebSocket upgrade limit and the
 * webhook test limit and resolver. Each has an environment variable.
 */
import type { HostResolver } from '../webhooks/addresses.ts';

export interface SecuritySettings {
  /**
   * Origins (`https://gangsta.example`) whose pages may open the WebSocket and make
   * cookie-authenticated changes (`ALLOWED_ORIGINS`, comma separated); null: only pages served
   * by this server, i.e. an `Origin` whose host is the request's `Host` (and `PUBLIC_URL`'s).
   */
  allowedOrigins: string[] | null;
  /**
   * `/metrics` answers only `Authorization: Bearer <this>` (`METRICS_TOKEN`); null: metrics
   * are off (404), so that no one outside learns the server's load by default.
   */
  metricsToken: string | null;
  /** WebSocket upgrades one address may make at once before being paced (`WS_UPGRADE_BURST`). */
  upgradeBurst: number;
  /** WebSocket upgrades per minute and address after the burst (`WS_UPGRADES_PER_MINUTE`; 0: no limit). */
  upgradesPerMinute: number;
  /** "Send a test" webhook posts per player and hour (`WEBHOOK_TESTS_PER_HOUR`; 0: no limit). */
  webhookTestsPerHour: number;
  /** DNS servers for webhook host names (`WEBHOOK_DNS_SERVERS`, `ip` or `ip:port`); null: the system's. */
  webhookDnsServers: string[] | null;
  /** A resolver of webhook hosts to use instead (in-process tests). */
  webhookResolver?: HostResolver;
}

export const DEFAULT_SECURITY: SecuritySettings = {
  allowedOrigins: null,
  metricsToken: null,
  // A household behind one address reloading a few tabs at once is admitted at once.
  upgradeBurst: 30,
  // Then one a second: a whole reconnect storm behind one NAT gets in within minutes.
  upgradesPerMinute: 60,
  // Enough to check a webhook after each change; not enough to use the server as a bell.
  webhookTestsPerHour: 6,
  webhookDnsServers: null,
};

function list(text: string | undefined): string[] | null {
  const items = (text ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  return items.length > 0 ? items : null;
}

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number ≥ 0, not "${text}"`);
  return value;
}

/** An origin as browsers send it: scheme, host and port only, nothing after. */
function origin(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`ALLOWED_ORIGINS: "${text}" is not an origin like https://gangsta.example`);
  }
  if (url.origin === 'null' || url.pathname !== '/' || url.search || url.hash)
    throw new Error(`ALLOWED_ORIGINS: "${text}" is not an origin like https://gangsta.example`);
  return url.origin;
}

export function securityFromEnv(env: NodeJS.ProcessEnv = process.env): SecuritySettings {
  const burst = whole(env, 'WS_UPGRADE_BURST', DEFAULT_SECURITY.upgradeBurst);
  if (burst < 1)
    throw new Error(`WS_UPGRADE_BURST must be at least 1, not "${env.WS_UPGRADE_BURST}"`);
  return {
    allowedOrigins: list(env.ALLOWED_ORIGINS)?.map(origin) ?? null,
    metricsToken: env.METRICS_TOKEN || null,
    upgradeBurst: burst,
    upgradesPerMinute: whole(env, 'WS_UPGRADES_PER_MINUTE', DEFAULT_SECURITY.upgradesPerMinute),
    webhookTestsPerHour: whole(env, 'WEBHOOK_TESTS_PER_HOUR', DEFAULT_SECURITY.webhookTestsPerHour),
    webhookDnsServers: list(env.WEBHOOK_DNS_SERVERS),
  };
}
