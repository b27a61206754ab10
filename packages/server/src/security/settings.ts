/**
 * The settings of the server's defences against other sites and crowded addresses (see
 * docs/security.md): allowed origins, the metrics token, the WebSocket upgrade limit and the
 * webhook test limit and resolver. Each has an environment variable (`environment.ts`;
 * `securityFromEnv` in `config.ts`).
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
