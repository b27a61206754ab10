/**
 * A PostgreSQL server of one test's own: `initdb` in a temporary folder, started with `pg_ctl`
 * on a free port of 127.0.0.1, for a test that stops and restarts the database under running
 * servers (`db-blip.test.ts`). The suite's shared cluster (`TEST_POSTGRES_URL`) cannot be used
 * for that: Vitest runs the test files in parallel, every other file of the run has its
 * databases on that cluster, and restarting it would fail their queries at random.
 *
 * PostgreSQL refuses to run as root, so under root (CI) every command runs as the `postgres`
 * user (`runuser`), who then owns the folder. The binaries are those of Debian's packages
 * (`/usr/lib/postgresql/<version>/bin`, the newest), or `initdb` and `pg_ctl` from the PATH.
 * `destroy()` stops the server (`pg_ctl stop`, which signals the postmaster by its pid, or a
 * SIGQUIT of that pid when pg_ctl cannot) and removes the folder; a test runner that exits
 * without it kills the postmaster by its pid too.
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './ports.ts';

const run = promisify(execFile);

export interface PostgresInstance {
  port: number;
  /** The folder holding the data directory (`data/`) and the log (`postgres.log`). */
  dir: string;
  /** A connection URL for `database` as the superuser `postgres` (trust authentication). */
  url(database: string): string;
  /** `pg_ctl start`, waiting until it accepts connections. */
  start(): Promise<void>;
  /** `pg_ctl stop -m fast` (sessions are ended with 57P01, as `pg_ctlcluster stop` does). */
  stop(): Promise<void>;
  /** `pg_ctl restart -m fast`, waiting until it accepts connections again. */
  restart(): Promise<void>;
  /** The postmaster's pid while it runs (from `postmaster.pid`), else null. */
  pid(): number | null;
  /** Stops the server if it runs and removes its folder. */
  destroy(): Promise<void>;
}

/** The folder with `initdb` and `pg_ctl`, or null when PostgreSQL is not installed. */
export function postgresBinDir(): string | null {
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((name) => existsSync(join(debian, name, 'bin', 'pg_ctl')))
      .sort((a, b) => Number(a) - Number(b));
    const newest = versions.at(-1);
    if (newest) return join(debian, newest, 'bin');
  }
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && existsSync(join(dir, 'pg_ctl')) && existsSync(join(dir, 'initdb'))) return dir;
  }
  return null;
}

const running = new Set<PostgresInstance>();

/** Runs a PostgreSQL program, as `postgres` when this process is root; fails with its output. */
async function runAsOwner(bin: string, program: string, args: string[]): Promise<void> {
  const path = join(bin, program);
  const asRoot = userInfo().uid === 0;
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args];
  try {
    await run(file, argv, { timeout: 120_000 });
  } catch (error) {
    const { stdout, stderr, message } = error as { stdout?: string; stderr?: string } & Error;
    throw new Error(
      `${program} ${args.join(' ')} failed: ${message}\n${stdout ?? ''}${stderr ?? ''}`,
    );
  }
}

/** The uid and gid of the `postgres` user (the owner of the folder when running as root). */
async function postgresOwner(): Promise<{ uid: number; gid: number }> {
  const { stdout: uid } = await run('id', ['-u', 'postgres']);
  const { stdout: gid } = await run('id', ['-g', 'postgres']);
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
}

/** Makes a fresh data directory and starts PostgreSQL on it. */
export async function startPostgresInstance(): Promise<PostgresInstance> {
  const bin = postgresBinDir();
  if (bin === null) {
    throw new Error('PostgreSQL is not installed: no pg_ctl under /usr/lib/postgresql or on PATH');
  }
  const dir = mkdtempSync(join(tmpdir(), 'gangsta-pg-'));
  if (userInfo().uid === 0) {
    const { uid, gid } = await postgresOwner();
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const log = join(dir, 'postgres.log');
  await runAsOwner(bin, 'initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '--no-sync',
    '--no-instructions',
  ]);
  const port = await freePort();
  // TCP on loopback only, no Unix socket (the system cluster's socket folder is not ours).
  await appendFile(
    join(data, 'postgresql.conf'),
    `\nport = ${port}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = ''\n`,
  );
  const pid = (): number | null => {
    try {
      const first = readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0];
      const value = Number(first);
      return Number.isInteger(value) && value > 0 ? value : null;
    } catch {
      return null;
    }
  };
  const instance: PostgresInstance = {
    port,
    dir,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start: () => runAsOwner(bin, 'pg_ctl', ['start', '-D', data, '-l', log, '-w', '-t', '60']),
    stop: () => runAsOwner(bin, 'pg_ctl', ['stop', '-D', data, '-m', 'fast', '-w', '-t', '60']),
    restart: () =>
      runAsOwner(bin, 'pg_ctl', ['restart', '-D', data, '-l', log, '-m', 'fast', '-w', '-t', '60']),
    pid,
    async destroy() {
      running.delete(instance);
      if (pid() !== null) {
        await runAsOwner(bin, 'pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w']).catch(() =>
          killPostmaster(pid()),
        );
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  running.add(instance);
  try {
    await instance.start();
  } catch (error) {
    await instance.destroy();
    throw error;
  }
  return instance;
}

/** SIGQUIT: PostgreSQL's immediate shutdown (the postmaster ends its backends, then itself). */
function killPostmaster(pid: number | null): void {
  if (pid === null) return;
  try {
    process.kill(pid, 'SIGQUIT');
  } catch {
    // already gone
  }
}

// A test runner that dies before `destroy()` must not leave a postmaster behind: by its pid.
process.once('exit', () => {
  for (const instance of running) killPostmaster(instance.pid());
});
