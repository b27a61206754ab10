/**
 * The HTTP client calls the route table's routes: the path with its parameters, the method,
 * the body and the query as the table says, the token; answers parsed with the table's
 * schema; refusals, a failed network, a timeout and a wrong answer as typed RequestErrors.
 */
import { ROUTES } from '@gangsta/protocol';
import { describe, expect, it } from 'vitest';
import {
  createHttpClient,
  type FetchLike,
  RequestError,
  type RequestInitLike,
  type ResponseLike,
} from '../src/index.ts';

function answer(status: number, data: unknown): ResponseLike {
  return {
    status,
    ok: status >= 200 && status < 300,
    headers: { get: () => null, getSetCookie: () => ['gangsta_session=abc; HttpOnly'] },
    text: async () => (data === undefined ? '' : JSON.stringify(data)),
  };
}

function recorder(reply: (url: string, init: RequestInitLike) => ResponseLike) {
  const calls: { url: string; init: RequestInitLike }[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, init });
    return reply(url, init);
  };
  return { calls, fetch };
}

describe('the HTTP client', () => {
  it('sends a route’s method, path parameters, body and token, and parses the answer', async () => {
    const { calls, fetch } = recorder((url) =>
      answer(
        200,
        url.endsWith('/me') ? { player: { id: 'p1', name: 'Ann' } } : { declined: 'T 1' },
      ),
    );
    const http = createHttpClient({ baseUrl: 'http://server:1/', token: () => 'tok', fetch });
    const declined = await http.declineChallenge({ params: { id: 'T 1' } });
    expect(declined).toEqual({ declined: 'T 1' });
    expect(calls[0]?.url).toBe('http://server:1/api/v1/challenges/T%201/decline');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.headers.authorization).toBe('Bearer tok');
    // No body in the table: none sent (the server refuses an empty JSON body).
    expect(calls[0]?.init.body).toBeUndefined();
    expect(calls[0]?.init.headers['content-type']).toBeUndefined();
    const renamed = await http.request(ROUTES.renameMe, { body: { name: 'Ann' } });
    expect(renamed.player.name).toBe('Ann');
    expect(calls[1]?.init.method).toBe('PATCH');
    expect(calls[1]?.init.body).toBe('{"name":"Ann"}');
    expect(calls[1]?.init.headers['content-type']).toBe('application/json');
  });

  it('writes the query and leaves out what is not given', async () => {
    const { calls, fetch } = recorder(() => answer(200, { players: 3, entries: [] }));
    const http = createHttpClient({ fetch });
    await http.leaderboard({ query: { players: 3 } });
    expect(calls[0]?.url).toBe('/api/v1/ratings?players=3');
    expect(http.url(ROUTES.lobby, { query: { list: 'waiting' } })).toBe(
      '/api/v1/tables?list=waiting',
    );
  });

  it('answers the headers with `send` (a login’s session cookie)', async () => {
    const me = { player: { id: 'p1', name: 'Ann' }, account: { username: 'ann' }, webhook: null };
    const { fetch } = recorder(() => answer(200, me));
    const http = createHttpClient({ fetch });
    const sent = await http.send(ROUTES.login, { body: { username: 'ann', password: 'secret12' } });
    expect(sent.value).toEqual(me);
    expect(sent.headers.getSetCookie?.()).toEqual(['gangsta_session=abc; HttpOnly']);
  });

  it('throws the server’s refusal with its code, message, params and status', async () => {
    const error = { code: 'SEAT_TAKEN', message: 'the seat is taken', params: { seat: 1 } };
    const { fetch } = recorder(() => answer(409, { error }));
    const http = createHttpClient({ fetch });
    const refusal = await http
      .joinTable({ params: { id: 'T1' }, body: { seat: 1 } })
      .catch((thrown: unknown) => thrown);
    expect(refusal).toBeInstanceOf(RequestError);
    expect(refusal).toMatchObject({ ...error, status: 409, route: 'joinTable' });
  });

  it('says NETWORK when no answer comes, TIMEOUT when it comes too late', async () => {
    const down = createHttpClient({
      fetch: async () => {
        throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
      },
    });
    await expect(down.getMe()).rejects.toMatchObject({
      code: 'NETWORK',
      params: { cause: 'ECONNREFUSED' },
    });
    let signal: unknown;
    const slow = createHttpClient({
      timeoutMs: 30,
      fetch: (_url, init) => {
        signal = init.signal;
        return new Promise(() => {});
      },
    });
    await expect(slow.getMe()).rejects.toMatchObject({
      code: 'TIMEOUT',
      params: { timeoutMs: 30 },
    });
    // The request is aborted, not left running.
    expect((signal as { aborted: boolean }).aborted).toBe(true);
  });

  it('says BAD_ANSWER for an answer the table’s schema refuses, or a refusal without `error`', async () => {
    const wrong = createHttpClient({ fetch: async () => answer(200, { table: { id: 3 } }) });
    await expect(wrong.getTable({ params: { id: 'T1' } })).rejects.toMatchObject({
      code: 'BAD_ANSWER',
    });
    const html = createHttpClient({ fetch: async () => answer(502, undefined) });
    await expect(html.getTable({ params: { id: 'T1' } })).rejects.toMatchObject({
      code: 'BAD_ANSWER',
      status: 502,
    });
  });

  it('is typed by the table (a wrong body does not compile)', async () => {
    const { fetch } = recorder(() => answer(500, undefined));
    const http = createHttpClient({ fetch });
    // @ts-expect-error: the kick route's body is `{ seat }`
    await http.kickPlayer({ params: { id: 'T1' }, body: { place: 1 } }).catch(() => {});
    // @ts-expect-error: the path needs its `id`
    await expect(http.getTable()).rejects.toThrow(/no value for the parameter id/);
  });
});
