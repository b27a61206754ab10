/**
 * Who `gangsta online` plays as, kept between runs in a small JSON file (mode 0600):
 * `$GANGSTA_CONFIG`, or `$XDG_CONFIG_HOME/gangsta/online.json`, or
 * `~/.config/gangsta/online.json`. One entry per server: a guest's token (from `--name`) or an
 * account's session cookie (from `--login`). The last one used is used again when neither flag
 * is given.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Player } from '@gangsta/protocol';
import { RuntimeError, UsageError } from '../errors.ts';
import { Api, ServerRefusal } from './api.ts';

export interface SavedIdentity {
  player: Player;
  /** A guest's bearer token. */
  token?: string;
  /** A logged-in account's session cookie (`name=value`). */
  cookie?: string;
  username?: string;
}

interface ConfigFile {
  servers: Record<string, SavedIdentity>;
}

export function configPath(env = process.env): string {
  if (env.GANGSTA_CONFIG) return env.GANGSTA_CONFIG;
  const base = env.XDG_CONFIG_HOME || join(homedir(), '.config');
  return join(base, 'gangsta', 'online.json');
}

function readConfig(path: string): ConfigFile {
  if (!existsSync(path)) return { servers: {} };
  try {
    const data = JSON.parse(readFileSync(path, 'utf8')) as Partial<ConfigFile>;
    return { servers: typeof data.servers === 'object' && data.servers ? data.servers : {} };
  } catch (error) {
    throw new RuntimeError(`${path} is not readable JSON (${(error as Error).message})`);
  }
}

function writeConfig(path: string, config: ConfigFile): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
}

/** The key of a server in the file: its origin (`http://127.0.0.1:8080`). */
function serverKey(url: string): string {
  return new URL(url).origin;
}

/** Reads a password from the terminal without echoing it. */
async function readPassword(prompt: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) {
    throw new UsageError('--login needs a terminal to ask for the password, or $GANGSTA_PASSWORD');
  }
  process.stderr.write(prompt);
  input.setRawMode(true);
  input.resume();
  input.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let password = '';
    const done = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.removeListener('data', onData);
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(password);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return done();
        if (ch === '\u0003') return done(new RuntimeError('interrupted'));
        if (ch === '\u007f' || ch === '\b') password = password.slice(0, -1);
        else password += ch;
      }
    };
    input.on('data', onData);
  });
}

export interface IdentityFlags {
  server: string;
  name?: string;
  login?: string;
}

/**
 * The API of the server, speaking for the player the flags (or the config file) name.
 * `required`: refuse to go on as an anonymous spectator.
 */
export async function connectApi(flags: IdentityFlags, required: boolean): Promise<Api> {
  const api = new Api(flags.server);
  const path = configPath();
  const config = readConfig(path);
  const key = serverKey(flags.server);
  const saved = config.servers[key];
  const save = (identity: SavedIdentity) => {
    config.servers[key] = identity;
    writeConfig(path, config);
  };

  if (flags.login !== undefined) {
    const password = process.env.GANGSTA_PASSWORD ?? (await readPassword('Password: '));
    const { me, cookie } = await api.login(flags.login, password);
    api.credentials = { cookie };
    save({ player: me.player, cookie, username: me.account?.username ?? flags.login });
    return api;
  }

  if (flags.name !== undefined) {
    // The same guest as last time if the file has one for this server; renamed if asked.
    if (saved?.token) {
      api.credentials = { token: saved.token };
      try {
        let { player } = await api.me();
        if (player.name !== flags.name.trim()) ({ player } = await api.rename(flags.name));
        save({ player, token: saved.token });
        return api;
      } catch (error) {
        if (!(error instanceof ServerRefusal) || error.code !== 'UNAUTHENTICATED') throw error;
        // The server forgot the token (a fresh database): a new guest below.
      }
    }
    api.credentials = {};
    const created = await api.createPlayer(flags.name);
    api.credentials = { token: created.token };
    save({ player: created.player, token: created.token });
    return api;
  }

  if (saved && (saved.token || saved.cookie)) {
    api.credentials = saved.token ? { token: saved.token } : { cookie: saved.cookie };
    return api;
  }
  if (required) {
    throw new UsageError(
      `no identity for ${key} in ${path}: give --name NAME (play as a guest) or --login USERNAME`,
    );
  }
  return api;
}
