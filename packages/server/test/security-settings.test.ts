/**
 * The security settings from the environment: defaults, lists, and a refusal naming the
 * variable and the value for anything that cannot be read (a server must not start with a
 * setting it misunderstood).
 */
import { describe, expect, it } from 'vitest';
import { optionsFromEnv, securityFromEnv } from '../src/config.ts';
import { DEFAULT_SECURITY } from '../src/security/settings.ts';
import { hostResolver } from '../src/webhooks/addresses.ts';

describe('security settings', () => {
  it('has the documented defaults', () => {
    expect(securityFromEnv({})).toEqual(DEFAULT_SECURITY);
    expect(DEFAULT_SECURITY).toMatchObject({
      allowedOrigins: null,
      metricsToken: null,
      upgradeBurst: 30,
      upgradesPerMinute: 60,
      webhookTestsPerHour: 6,
      webhookDnsServers: null,
    });
    const options = optionsFromEnv({});
    expect(options.cookieSecure).toBe('auto');
    expect(options.webhookAllowPrivate).toBe(false);
  });

  it('reads lists, origins and numbers', () => {
    const settings = securityFromEnv({
      ALLOWED_ORIGINS: 'https://gangsta.example, http://127.0.0.1:5174/',
      METRICS_TOKEN: 's3cret',
      WS_UPGRADE_BURST: '5',
      WS_UPGRADES_PER_MINUTE: '0',
      WEBHOOK_TESTS_PER_HOUR: '1',
      WEBHOOK_DNS_SERVERS: '1.1.1.1,[2606:4700::1111]:53',
    });
    expect(settings).toEqual({
      allowedOrigins: ['https://gangsta.example', 'http://127.0.0.1:5174'],
      metricsToken: 's3cret',
      upgradeBurst: 5,
      upgradesPerMinute: 0,
      webhookTestsPerHour: 1,
      webhookDnsServers: ['1.1.1.1', '[2606:4700::1111]:53'],
    });
    expect(optionsFromEnv({ COOKIE_SECURE: '1' }).cookieSecure).toBe(true);
    expect(optionsFromEnv({ COOKIE_SECURE: '0' }).cookieSecure).toBe(false);
    expect(optionsFromEnv({ WEBHOOK_ALLOW_PRIVATE: '1' }).webhookAllowPrivate).toBe(true);
  });

  it('refuses what it cannot read, naming the variable and the value', () => {
    expect(() => securityFromEnv({ ALLOWED_ORIGINS: 'gangsta.example' })).toThrow(
      /ALLOWED_ORIGINS: "gangsta.example" is not an origin/,
    );
    expect(() => securityFromEnv({ ALLOWED_ORIGINS: 'https://gangsta.example/play' })).toThrow(
      /ALLOWED_ORIGINS: "https:\/\/gangsta.example\/play"/,
    );
    expect(() => securityFromEnv({ WS_UPGRADE_BURST: '0' })).toThrow(
      /WS_UPGRADE_BURST must be at least 1, not "0"/,
    );
    expect(() => securityFromEnv({ WS_UPGRADES_PER_MINUTE: 'lots' })).toThrow(
      /WS_UPGRADES_PER_MINUTE must be a whole number ≥ 0, not "lots"/,
    );
    expect(() => hostResolver(['dns.example'])).toThrow(
      /WEBHOOK_DNS_SERVERS must list ip or ip:port, not "dns.example"/,
    );
    expect(() => optionsFromEnv({ COOKIE_SECURE: 'yes' })).toThrow(/COOKIE_SECURE must be 1/);
    expect(() => optionsFromEnv({ REDIS_PREFIX: 'live cluster' })).toThrow(
      /REDIS_PREFIX must be 1 to 64 letters, digits, dots, dashes or underscores, not "live cluster"/,
    );
    expect(optionsFromEnv({}).redisPrefix).toBe('gangsta');
    expect(optionsFromEnv({ REDIS_PREFIX: 'staging' }).redisPrefix).toBe('staging');
    expect(() => optionsFromEnv({ WEBHOOK_ALLOW_PRIVATE: 'intranet' })).toThrow(
      /WEBHOOK_ALLOW_PRIVATE must be 1, 0 or a comma-separated list of networks \(CIDR\), not "intranet"/,
    );
  });
});
