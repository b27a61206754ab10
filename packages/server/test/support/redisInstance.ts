/**
 * A Redis server of one test's own: `redis-server` on a free port of 127.0.0.1, without
 * persistence, for a test that stops and restarts Redis under running servers
 * (`faults-redis.test.ts`). The suite's shared Redis (`TEST_REDIS_URL`) cannot be used for
 * that: the other test files of the same run have their clusters on it.
 *
 * The server is a child process of the test runner, stopped by its own pid (SIGTERM, then
 * SIGKILL), never by name; a runner that exits without `destroy()` kills it by its pid too.
 * A restart starts a new process on the same port with nothing in it, as a Redis without
 * persistence comes back: every key (the leases) is gone.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Socket } from 'node:net';
import { freePort } from './ports.ts';

export interface RedisInstance {
  port: number;
  url: string;
  /** Starts the server and waits until it answers PING. */
  start(): Promise<void>;
  /** Stops the server by its pid and waits until it has exited. */
  stop(): Promise<void>;
  /** The server's pid while it runs, else null. */
  pid(): number | null;
  destroy(): Promise<void>;
}

/** The `redis-server` program, or null when Redis is not installed. */
export function redisServerBin(): string | null {
  for (const dir of (process.env.PATH ?? '/usr/bin').split(':')) {
    if (dir && existsSync(`${dir}/redis-server`)) return `${dir}/redis-server`;
  }
  try {
    return execFileSync('which', ['redis-server']).toString().trim() || null;
  } catch {
    return null;
  }
}

const running = new Set<ChildProcess>();

/** Whether a Redis on the port answers PING with PONG. */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

export async function startRedisInstance(): Promise<RedisInstance> {
  const bin = redisServerBin();
  if (bin === null) throw new Error('Redis is not installed: no redis-server on PATH');
  const port = await freePort();
  let child: ChildProcess | null = null;
  let output = '';
  const instance: RedisInstance = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      if (child) throw new Error(`the test's Redis on port ${port} runs already`);
      const started = spawn(
        bin,
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child = started;
      running.add(started);
      started.stdout?.on('data', (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-4000);
      });
      started.stderr?.on('data', (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-4000);
      });
      started.once('exit', () => running.delete(started));
      const deadline = Date.now() + 10_000;
      while (!(await answersPing(port))) {
        if (started.exitCode !== null || Date.now() > deadline) {
          throw new Error(`the test's Redis on port ${port} did not start; its output:\n${output}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async stop() {
      const stopping = child;
      child = null;
      if (!stopping || stopping.exitCode !== null || stopping.pid === undefined) return;
      const exited = new Promise<void>((resolve) => stopping.once('exit', () => resolve()));
      process.kill(stopping.pid, 'SIGTERM');
      const timer = setTimeout(() => {
        if (stopping.exitCode === null && stopping.pid !== undefined) {
          process.kill(stopping.pid, 'SIGKILL');
        }
      }, 5_000);
      await exited;
      clearTimeout(timer);
    },
    pid: () => child?.pid ?? null,
    destroy: () => instance.stop(),
  };
  await instance.start();
  return instance;
}

// A test runner that dies before `destroy()` must not leave a Redis behind: by its pid.
process.once('exit', () => {
  for (const child of running) {
    if (child.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
});
