/**
 * What operators rely on (issue 10): liveness and readiness, Prometheus metrics that move with
 * the play, and a shutdown that announces the restart, finishes the moves being committed and
 * acknowledges them before the sockets close with 1012.
 */
import { PROTOCOL_VERSION } from '@gangsta/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  playRandomGame,
  setUpTable,
  spawnServer,
  stopAllServers,
  TEST_METRICS_TOKEN,
} from './support/index.ts';

afterAll(stopAllServers);

async function text(url: string): Promise<{ status: number; body: string }> {
  const answer = await fetch(url, { headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` } });
  return { status: answer.status, body: await answer.text() };
}

/** The value of a metric line (`name value`, or `name{labels} value`). */
function metric(body: string, name: string): number {
  const line = body.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  return Number(line?.split(' ').at(-1) ?? Number.NaN);
}

describe('operations', () => {
  it('answers /health and /ready, and counts moves, latency, games and connections', async () => {
    const server = await spawnServer();
    expect((await text(`${server.url}/health`)).status).toBe(200);
    const ready = await text(`${server.url}/ready`);
    expect(ready).toEqual({ status: 200, body: JSON.stringify({ ready: true }) });
    const table = await setUpTable(server, {
      label: 'ops',
      seats: [{ kind: 'human' }, { kind: 'human' }],
    });
    const played = await playRandomGame(table, { seed: 3, maxMoves: 12 });
    const metrics = await text(`${server.url}/metrics`);
    expect(metrics.status).toBe(200);
    expect(metric(metrics.body, 'gangsta_moves_total')).toBe(played.version);
    expect(metric(metrics.body, 'gangsta_ack_latency_seconds_count')).toBe(played.version);
    expect(metric(metrics.body, 'gangsta_live_games')).toBe(1);
    expect(metric(metrics.body, 'gangsta_connections')).toBe(2);
    expect(metric(metrics.body, 'gangsta_tables_run')).toBe(1);
    expect(metrics.body).toContain('gangsta_process_cpu_user_seconds_total');
  });

  it('announces a restart on SIGTERM, then closes the sockets with 1012 and exits 0', async () => {
    const server = await spawnServer();
    const socket = new WebSocket(server.wsUrl);
    const frames: string[] = [];
    socket.on('message', (data) => frames.push(String(data)));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'hello', protocol: PROTOCOL_VERSION }));
    await expect.poll(() => frames.length).toBe(1);
    const closed = new Promise<number>((resolve) => socket.once('close', resolve));
    const exit = server.stop();
    expect(await closed).toBe(1012);
    expect(JSON.parse(frames.at(-1)!)).toEqual({
      type: 'closing',
      reason: 'restart',
      retryMs: 1000,
    });
    expect(await exit).toBe(0);
  });
});
