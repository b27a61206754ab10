/**
 * Every environment variable the server reads, as ONE zod schema: how each is parsed, its
 * default and its description. `config.ts` turns the parsed values into `ServerOptions`;
 * `scripts/config-docs.ts` writes the repository's `.env.example` and the table in this
 * package's README from the descriptions here (`test/config-docs.test.ts` fails when either is
 * out of date), so a variable is documented where it is defined.
 *
 * A value that cannot be read stops the server before it starts (`ConfigError`): every bad
 * variable is named in one message, each with what it must be and what it was (secrets and
 * the passwords in URLs are not repeated).
 */
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_SECURITY } from './security/settings.ts';
import { parsePrivateAllowance } from './webhooks/addresses.ts';

/** Names a cluster's keys and channels in Redis unless `REDIS_PREFIX` says otherwise. */
export const DEFAULT_REDIS_PREFIX = 'gangsta';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** What the generated documentation says about a variable (kept in zod's registry). */
export interface VariableDoc {
  description: string;
  /** The default as the documentation shows it; absent: unset by default. */
  shown?: string;
  /** An example value for `.env.example` when there is no default to show. */
  example?: string;
  /** Its value is never repeated in an error (a token, a password in a URL). */
  secret?: boolean;
}

/** Documents a variable: the description and default that the docs generator reads. */
function doc<T extends z.ZodType>(schema: T, meta: VariableDoc): T {
  return schema.meta({ ...meta });
}

/** `"…"` for an error message: the value as given (secret variables never use it). */
function quoted(input: unknown): string {
  return `"${String(input)}"`;
}

/** A whole number within bounds, read from its decimal text. */
function wholeNumber(fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) {
  return z
    .string()
    .trim()
    .regex(/^\d+$/, {
      error: (issue) => `must be a whole number ≥ ${min}, not ${quoted(issue.input)}`,
    })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, { error: (issue) => `must be at least ${min}, not ${quoted(issue.input)}` })
        .max(max, { error: (issue) => `must be at most ${max}, not ${quoted(issue.input)}` }),
    )
    .default(fallback);
}

/** A comma-separated list; empty items are dropped. */
function commaList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** A URL with one of these schemes (`postgres`, `redis` …), any host. */
function urlWithScheme(schemes: string[], example: string) {
  const shown = schemes.map((scheme) => `${scheme}://`).join(' or ');
  return z.url({
    protocol: new RegExp(`^(${schemes.join('|')})$`),
    error: (issue) => {
      const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(String(issue.input))?.[1];
      const what = scheme ? `a ${scheme}:// URL` : 'no URL';
      return `must be a ${shown} URL (${example}), not ${what}`;
    },
  });
}

/** An origin as browsers send it: scheme, host and port only, nothing after. */
function origin(text: string): string | null {
  try {
    const url = new URL(text);
    if (url.origin === 'null' || url.pathname !== '/' || url.search || url.hash) return null;
    return url.origin;
  } catch {
    return null;
  }
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const DEFAULT_BOT_THREADS = Math.max(1, Math.min(2, availableParallelism() - 1));

/**
 * The variables, in the order the documentation lists them (the server's own first, then its
 * limits, then security, webhooks and the cluster).
 */
const VARIABLES = {
  PORT: doc(wholeNumber(5173, 0, 65535), {
    shown: '5173',
    description: 'the TCP port to listen on; `0`: a free port chosen by the system',
  }),
  HOST: doc(z.string().min(1).default('127.0.0.1'), {
    shown: '127.0.0.1',
    description:
      'the address to listen on; `0.0.0.0` (or `::`) for every interface, as in a container',
  }),
  DATA_DIR: doc(
    z
      .string()
      .transform((path) => resolve(path))
      .default(join(REPO_ROOT, 'data')),
    {
      example: '/var/lib/gangsta',
      shown: '<repo>/data',
      description:
        'created if missing; the SQLite database is `DATA_DIR/gangsta.sqlite` (unused with `DATABASE_URL`)',
    },
  ),
  STATIC_DIR: doc(
    z
      .string()
      .transform((path) => resolve(path))
      .default(join(REPO_ROOT, 'packages', 'web', 'dist')),
    {
      example: '/srv/gangsta/web',
      shown: '<repo>/packages/web/dist',
      description:
        'the built client, served at `/` (unknown non-API paths get its `index.html`) when it exists',
    },
  ),
  LOG_LEVEL: doc(
    z
      .enum(LOG_LEVELS, {
        error: (issue) => `must be one of ${LOG_LEVELS.join(', ')}, not ${quoted(issue.input)}`,
      })
      .default('info'),
    {
      shown: 'info',
      description:
        'pino level of the JSON log on stderr: `info` has one line per start, migration, drain and stop, nothing per request; `warn` in tests, `silent` for none',
    },
  ),
  GIT_COMMIT: doc(z.string().optional(), {
    example: '3f2c1d0',
    description:
      'the commit the server was built from, shown by `GET /version` and in the start-up line (an image has no `.git`)',
  }),
  DATABASE_URL: doc(
    urlWithScheme(
      ['postgres', 'postgresql'],
      'postgres://user:password@host:5432/gangsta',
    ).optional(),
    {
      example: 'postgres://gangsta:secret@db:5432/gangsta',
      secret: true,
      description:
        '`postgres://…`: store everything in PostgreSQL instead of SQLite (same migrations); needed by `REDIS_URL`',
    },
  ),
  REDIS_URL: doc(urlWithScheme(['redis', 'rediss'], 'redis://host:6379').optional(), {
    example: 'redis://redis:6379',
    secret: true,
    description:
      '`redis://…`: this process is one of a cluster sharing `DATABASE_URL` (which it needs; see `docs/deploy.md`)',
  }),
  REDIS_PREFIX: doc(
    z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,64}$/, {
        error: (issue) =>
          `must be 1 to 64 letters, digits, dots, dashes or underscores, not ${quoted(issue.input)}`,
      })
      .default(DEFAULT_REDIS_PREFIX),
    {
      shown: DEFAULT_REDIS_PREFIX,
      description:
        "the prefix of the cluster's keys and channels in Redis; every process of a cluster uses the same one, and two clusters sharing a Redis (staging beside live) need different ones",
    },
  ),
  TRUST_PROXY: doc(z.string().optional(), {
    example: '10.0.0.0/8',
    description:
      'addresses/CIDR of a load balancer whose `X-Forwarded-For` (per-address limits), `X-Forwarded-Proto` (Secure cookies) and `X-Forwarded-Host` (origin check) are believed',
  }),
  PUBLIC_URL: doc(
    z
      .url({
        protocol: /^https?$/,
        error: (issue) => `must be an http:// or https:// address, not ${quoted(issue.input)}`,
      })
      .optional(),
    {
      example: 'https://gangsta.example',
      description:
        "where players reach the game, for the table links in webhooks; unset: the server's own address",
    },
  ),
  SMTP_URL: doc(
    z
      .url({
        protocol: /^smtps?$/,
        error: () => 'must be an smtp:// or smtps:// address',
      })
      .optional(),
    {
      example: 'smtp://user:password@mail.example:587',
      secret: true,
      description:
        'the SMTP server that sends the notification mails (verification links, "your turn", invitations, rematches); `smtps://` for TLS from the start; unset: no mail is sent',
    },
  ),
  MAIL_FROM: doc(z.string().trim().min(3).default('Gangsta! <no-reply@localhost>'), {
    shown: 'Gangsta! <no-reply@localhost>',
    description: 'the sender of the notification mails',
  }),
  BOT_DELAY_MS: doc(wholeNumber(800), {
    shown: '800',
    description: "a server bot's pause before its move, like a person thinking (0 in tests)",
  }),
  BOT_THREADS: doc(wholeNumber(DEFAULT_BOT_THREADS, 1), {
    example: '2',
    shown: 'min(2, cores − 1)',
    description: 'bot worker threads',
  }),
  ABSENT_MS: doc(wholeNumber(120_000), {
    shown: '120000',
    description:
      'at a friendly table, a deciding player without a connection this long gets the takeover bot',
  }),
  COMMIT_WINDOW_MS: doc(wholeNumber(0), {
    shown: '0',
    description:
      'how long the first move after a quiet spell waits for others to share its transaction (fewer commits and disk syncs under load, that much more latency); `0`: only the moves read in the same turn of the event loop',
  }),
  HEAP_GROWTH_PERCENT: doc(
    wholeNumber(50).refine((percent) => percent === 0 || (percent >= 10 && percent <= 400), {
      error: (issue) => `must be 0 (V8's own) or 10 to 400, not ${quoted(issue.input)}`,
    }),
    {
      shown: '50',
      description:
        "how far the JS heap may grow past what the last full garbage collection kept, in percent (10 to 400); `0`: V8's own choice. In the load at 2,000 paced games, 50 gave 435–451 MB of RSS where V8's own choice gave 726–928 MB, for 4–7% more CPU per move (`docs/scaling.md`, \"The heap's growth\")",
    },
  ),
  RATE_LIMIT_HTTP: doc(wholeNumber(120), {
    shown: '120',
    description:
      'API requests per minute and address (`0`: off); an address is an IPv4 address or an IPv6 /64, an IPv4-mapped IPv6 address counts as the IPv4 one',
  }),
  RATE_LIMIT_PLAYERS: doc(wholeNumber(10), {
    shown: '10',
    description: 'player creations per minute and address (`0`: off)',
  }),
  RATE_LIMIT_LOGIN: doc(wholeNumber(10), {
    shown: '10',
    description:
      'login attempts per minute and address (`0`: off); 5 failed attempts per username lock it for 15 minutes',
  }),
  MAX_SOCKETS_PER_ADDRESS: doc(wholeNumber(20), {
    shown: '20',
    description: 'WebSockets per address',
  }),
  // Enough for a turn-based player's many games; a guest cannot fill the lobby and memory.
  MAX_OPEN_TABLES_PER_PLAYER: doc(wholeNumber(20, 1), {
    shown: '20',
    description:
      'waiting or playing tables one player hosts; another is refused with 409 `TOO_MANY_TABLES`',
  }),
  // A day to gather the players; an abandoned table then leaves the lobby and memory.
  WAITING_TABLE_TTL_MS: doc(wholeNumber(24 * 60 * 60_000, 1), {
    shown: '86400000',
    description:
      'a table still waiting this long (a day) after its creation is deleted then (by its own deadline)',
  }),
  LOBBY_PAGE_SIZE: doc(wholeNumber(50, 1), {
    shown: '50',
    description:
      'tables per list in one page of `GET /api/v1/tables` (and the number of recent finished ones)',
  }),
  // The web client watches one table at a time; a few tabs share nothing, so leave room.
  MAX_WATCHED_PER_CONNECTION: doc(wholeNumber(20, 1), {
    shown: '20',
    description: 'tables one WebSocket watches at once (`TOO_MANY_WATCHED`)',
  }),
  MAX_SPECTATORS_PER_TABLE: doc(wholeNumber(200, 1), {
    shown: '200',
    description:
      'connections watching a table without a seat at it (`TOO_MANY_SPECTATORS`); seated players always get in',
  }),
  // An honest client needs a handful (reconnects, an occasional stale move).
  SYNCS_PER_MINUTE: doc(wholeNumber(30, 1), {
    shown: '30',
    description:
      'full syncs one connection may cause a minute (watches needing one, stale moves); beyond: RATE_LIMITED / STALE without a sync',
  }),
  HELLO_TIMEOUT_MS: doc(wholeNumber(10_000, 1), {
    shown: '10000',
    description:
      'a WebSocket that has not said hello this long after opening gets UNAUTHENTICATED and is closed (1008)',
  }),
  // Live games move every few seconds; a turn-based game waits hours for its next move.
  IDLE_TABLE_MS: doc(wholeNumber(10 * 60_000, 1), {
    shown: '600000',
    description:
      'a clocked table nobody watches, with nothing due sooner, leaves memory after this long (10 min) without a move; it is read from the store when opened (see "Tables asleep")',
  }),
  WS_UPGRADE_BURST: doc(wholeNumber(DEFAULT_SECURITY.upgradeBurst, 1), {
    shown: String(DEFAULT_SECURITY.upgradeBurst),
    description:
      'WebSocket upgrades one address may make at once; the upgrade is not counted by `RATE_LIMIT_HTTP`',
  }),
  WS_UPGRADES_PER_MINUTE: doc(wholeNumber(DEFAULT_SECURITY.upgradesPerMinute), {
    shown: String(DEFAULT_SECURITY.upgradesPerMinute),
    description:
      'upgrades per minute and address after the burst (`0`: off); an early client is told its own slot (`RATE_LIMITED` with `retryMs`, close 1013), beyond a burst of promised slots 429 before the upgrade',
  }),
  ALLOWED_ORIGINS: doc(
    z
      .string()
      .transform((text, context) => {
        const origins: string[] = [];
        for (const item of commaList(text)) {
          const parsed = origin(item);
          if (parsed === null) {
            context.issues.push({
              code: 'custom',
              input: text,
              message: `ALLOWED_ORIGINS: "${item}" is not an origin like https://gangsta.example`,
            });
            return z.NEVER;
          }
          origins.push(parsed);
        }
        return origins.length > 0 ? origins : null;
      })
      .optional(),
    {
      example: 'https://gangsta.example',
      description:
        "origins (`https://gangsta.example`, comma separated) whose pages may open the WebSocket and make cookie-authenticated changes; unset: an `Origin` whose host is the request's `Host` (or `PUBLIC_URL`'s origin); others get 403 `BAD_ORIGIN` naming the origin",
    },
  ),
  SESSION_SECRET: doc(z.string().optional(), {
    example: 'a-long-random-string',
    secret: true,
    description:
      "signs the session cookies; unset: a random one generated once and kept in the database's `settings` table (so a backup carries it), shared by every process of a cluster",
  }),
  COOKIE_SECURE: doc(
    z
      .enum(['0', '1'], {
        error: (issue) =>
          `must be 1 (always), 0 (never) or unset (over HTTPS), not ${quoted(issue.input)}`,
      })
      .transform((text): boolean | 'auto' => text === '1')
      .optional(),
    {
      example: '1',
      description:
        'unset: session cookies are `Secure` when the request came over HTTPS (`X-Forwarded-Proto` only from `TRUST_PROXY`); `1`: always; `0`: never',
    },
  ),
  METRICS_TOKEN: doc(z.string().optional(), {
    example: 'a-long-random-string',
    secret: true,
    description:
      '`/metrics` answers only `Authorization: Bearer <token>`; unset: metrics are off (404)',
  }),
  WEBHOOK_TESTS_PER_HOUR: doc(wholeNumber(DEFAULT_SECURITY.webhookTestsPerHour), {
    shown: String(DEFAULT_SECURITY.webhookTestsPerHour),
    description: '"send a test" posts per player and hour, a burst of up to 3 (`0`: off)',
  }),
  WEBHOOK_DNS_SERVERS: doc(
    z
      .string()
      .transform((text) => {
        const servers = commaList(text);
        return servers.length > 0 ? servers : null;
      })
      .optional(),
    {
      example: '1.1.1.1,[2606:4700::1111]:53',
      description:
        "DNS servers (`ip` or `ip:port`, comma separated) for webhook host names; unset: the system's resolver",
    },
  ),
  WEBHOOK_ALLOW_PRIVATE: doc(
    z
      .string()
      .transform((text, context) => {
        try {
          return parsePrivateAllowance(text);
        } catch (error) {
          context.issues.push({ code: 'custom', input: text, message: (error as Error).message });
          return z.NEVER;
        }
      })
      .optional(),
    {
      example: '10.1.0.0/16,fd00::/8',
      description:
        '`1`: webhooks may point at loopback and private addresses (tests, a receiver on the same machine), or a list of networks (`10.1.0.0/16,fd00::/8`) that may be reached; unset or `0`: refused',
    },
  ),
};

export type VariableName = keyof typeof VARIABLES;

/**
 * The environment as the server reads it. An empty variable counts as unset (`PORT=` in an
 * env file). Rules across variables come last: a cluster needs the database it shares.
 */
export const ENVIRONMENT = z.preprocess(
  (env) =>
    Object.fromEntries(
      Object.entries(env as Record<string, unknown>).filter(
        ([name, value]) => name in VARIABLES && value !== undefined && value !== '',
      ),
    ),
  z.object(VARIABLES).superRefine((env, context) => {
    if (env.REDIS_URL !== undefined && env.DATABASE_URL === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['REDIS_URL'],
        message:
          'needs DATABASE_URL: the processes of a cluster share one PostgreSQL database (docs/deploy.md); unset REDIS_URL to run one process on SQLite',
      });
    }
  }),
);

export type Environment = z.output<typeof ENVIRONMENT>;

/** The server's settings cannot be read: every bad variable, one line each. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `the server's settings are wrong (see .env.example or packages/server/README.md):\n${problems.map((p) => `  ${p}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

/** One line per issue, starting with the variable's name (kept when the message has it). */
function problemOf(issue: z.core.$ZodIssue): string {
  const name = String(issue.path[0] ?? 'environment');
  return issue.message.startsWith(name) ? issue.message : `${name} ${issue.message}`;
}

/** The variables parsed, or a `ConfigError` naming every bad one. */
export function readEnvironment(env: NodeJS.ProcessEnv = process.env): Environment {
  const parsed = ENVIRONMENT.safeParse(env);
  if (parsed.success) return parsed.data;
  throw new ConfigError(parsed.error.issues.map(problemOf));
}

/** Each variable with its documentation, in the order of the schema. */
export function variableDocs(): (VariableDoc & { name: VariableName })[] {
  return (Object.keys(VARIABLES) as VariableName[]).map((name) => {
    const meta = VARIABLES[name].meta() as VariableDoc | undefined;
    if (!meta?.description) throw new Error(`the variable ${name} has no description`);
    return { name, ...meta };
  });
}
