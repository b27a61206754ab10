/**
 * The online client's small parts: the hash routes and pasted links, the HTTP wrappers (answers
 * parsed, refusals and network failures as typed errors) and the stored identity.
 */
import { describe, expect, it } from 'vitest';
import { createApi } from '../src/features/online/state/api.ts';
import { OnlineError } from '../src/features/online/state/errors.ts';
import {
  IDENTITY_KEY,
  IdentityStore,
  type KeyValueStore,
} from '../src/features/online/state/identity.ts';
import {
  onlineHash,
  parseOnlineHash,
  routeFromPasted,
  tableLink,
} from '../src/features/online/state/routes.ts';
import { first } from './helpers.ts';

describe('routes', () => {
  it('reads and writes the online addresses', () => {
    expect(parseOnlineHash('#/online')).toEqual({ page: 'home' });
    expect(parseOnlineHash('#/online/new')).toEqual({ page: 'new' });
    expect(parseOnlineHash('#/online/t/abc_1')).toEqual({
      page: 'table',
      table: 'abc_1',
      invite: null,
    });
    expect(parseOnlineHash('#/online/t/abc?invite=X9')).toEqual({
      page: 'table',
      table: 'abc',
      invite: 'X9',
    });
    expect(parseOnlineHash('#/rules')).toBeNull();
    expect(parseOnlineHash('')).toBeNull();
    for (const route of [
      { page: 'home' },
      { page: 'new' },
      { page: 'games' },
      { page: 'table', table: 'T-1', invite: 'code' },
      { page: 'table', table: 'T-1', invite: null },
    ] as const) {
      expect(parseOnlineHash(onlineHash(route))).toEqual(route);
    }
  });

  it('refuses table ids that are not ids', () => {
    expect(parseOnlineHash('#/online/t/%3Cscript%3E')).toEqual({ page: 'home' });
  });

  it('understands a pasted link, a hash or a bare id', () => {
    const link = tableLink('T1', 'inv', 'http://127.0.0.1:5173/');
    expect(link).toBe('http://127.0.0.1:5173/#/online/t/T1?invite=inv');
    expect(routeFromPasted(` ${link} `)).toEqual({ page: 'table', table: 'T1', invite: 'inv' });
    expect(routeFromPasted('#/online/t/T2')).toEqual({ page: 'table', table: 'T2', invite: null });
    expect(routeFromPasted('T3')).toEqual({ page: 'table', table: 'T3', invite: null });
    expect(routeFromPasted('http://x/#/online')).toBeNull();
    expect(routeFromPasted('not a link at all')).toBeNull();
  });
});

type Call = { url: string; init: RequestInit | undefined };

function fakeFetch(answer: () => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetcher = (async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return answer();
  }) as typeof fetch;
  return { calls, fetcher };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('api', () => {
  it('sends the token and parses the answer', async () => {
    const { calls, fetcher } = fakeFetch(() => json(200, { player: { id: 'p1', name: 'Ann' } }));
    const api = createApi({ token: () => 'tok', fetch: fetcher, base: 'http://h' });
    await expect(api.rename('Ann')).resolves.toEqual({ id: 'p1', name: 'Ann' });
    const call = first(calls);
    expect(call.url).toBe('http://h/api/v1/me');
    expect(call.init?.method).toBe('PATCH');
    expect(new Headers(call.init?.headers).get('authorization')).toBe('Bearer tok');
    expect(call.init?.body).toBe(JSON.stringify({ name: 'Ann' }));
  });

  it('deletes a table with DELETE and no body, and reads the answer', async () => {
    const { calls, fetcher } = fakeFetch(() => json(200, { deleted: 't 1' }));
    const api = createApi({ token: () => 'tok', fetch: fetcher, base: 'http://h' });
    await expect(api.deleteTable('t 1')).resolves.toEqual({ deleted: 't 1' });
    const call = first(calls);
    expect(call.url).toBe('http://h/api/v1/tables/t%201');
    expect(call.init?.method).toBe('DELETE');
    expect(call.init?.body).toBeUndefined();
  });

  it('turns a refusal into an OnlineError with the server’s code', async () => {
    const { fetcher } = fakeFetch(() =>
      json(404, {
        error: { code: 'UNKNOWN_TABLE', message: 'no such table', params: { table: 'x' } },
      }),
    );
    const api = createApi({ token: () => null, fetch: fetcher });
    const error = await api.table('x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OnlineError);
    expect(error).toMatchObject({ code: 'UNKNOWN_TABLE', params: { table: 'x' } });
  });

  it('a network failure is NETWORK, an answer of the wrong shape BAD_ANSWER', async () => {
    const down = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(
      createApi({ token: () => null, fetch: down.fetcher }).lobby(),
    ).rejects.toMatchObject({
      code: 'NETWORK',
    });
    const odd = fakeFetch(() => json(200, { waiting: 'no' }));
    await expect(
      createApi({ token: () => null, fetch: odd.fetcher }).lobby(),
    ).rejects.toMatchObject({
      code: 'BAD_ANSWER',
    });
    const html = fakeFetch(() => new Response('<h1>oops</h1>', { status: 502 }));
    await expect(
      createApi({ token: () => null, fetch: html.fetcher }).lobby(),
    ).rejects.toMatchObject({
      code: 'BAD_ANSWER',
      params: { status: 502 },
    });
  });

  it('checks a downloaded record by replaying it', async () => {
    const { fetcher } = fakeFetch(() =>
      json(200, { format: 'gangsta-game', version: 1, options: { players: 9 }, moves: [] }),
    );
    await expect(
      createApi({ token: () => 't', fetch: fetcher }).record('t1'),
    ).rejects.toMatchObject({
      code: 'BAD_ANSWER',
    });
  });
});

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('identity', () => {
  it('is created once, then renamed, and survives a new page', async () => {
    const storage = memoryStore();
    const calls: string[] = [];
    const api = {
      createPlayer: async (name: string) => {
        calls.push(`create ${name}`);
        return { player: { id: 'p1', name }, token: 'tok' };
      },
      rename: async (name: string) => {
        calls.push(`rename ${name}`);
        return { id: 'p1', name };
      },
    } as unknown as Parameters<IdentityStore['ensure']>[0];
    const store = new IdentityStore(storage);
    expect(store.get()).toBeNull();
    await store.ensure(api, 'Ann');
    await store.ensure(api, 'Ann');
    await store.ensure(api, 'Anna');
    expect(calls).toEqual(['create Ann', 'rename Anna']);
    const again = new IdentityStore(storage);
    expect(again.get()).toEqual({
      token: 'tok',
      player: { id: 'p1', name: 'Anna' },
      account: null,
    });
    again.forget();
    expect(storage.data.has(IDENTITY_KEY)).toBe(false);
  });

  it('keeps no token once signed in to an account, and reads identities stored before accounts', () => {
    const storage = memoryStore();
    storage.setItem(
      IDENTITY_KEY,
      JSON.stringify({ token: 'tok', player: { id: 'p1', name: 'Ann' } }),
    );
    const store = new IdentityStore(storage);
    expect(store.get()).toEqual({ token: 'tok', player: { id: 'p1', name: 'Ann' }, account: null });
    store.signedIn({
      player: { id: 'p2', name: 'Bea' },
      account: { username: 'bea' },
      webhook: null,
    });
    const again = new IdentityStore(storage);
    expect(again.get()).toEqual({
      token: null,
      player: { id: 'p2', name: 'Bea' },
      account: { username: 'bea' },
    });
    expect(again.token()).toBeNull();
  });

  it('ignores a stored value of the wrong shape', () => {
    const storage = memoryStore();
    storage.setItem(IDENTITY_KEY, '{"token": 5}');
    expect(new IdentityStore(storage).get()).toBeNull();
    storage.setItem(IDENTITY_KEY, 'not json');
    expect(new IdentityStore(storage).get()).toBeNull();
  });
});
