/**
 * Accounts and sessions against a real server: a guest becomes an account, logs in on a
 * second device, logs out; wrong passwords, the login limits, the cookie's attributes, an
 * altered cookie, and the WebSocket identified by the cookie alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Device, manualClock } from './accounts-harness.ts';
import { extraServers, newPlayer, startTestServer, type TestServer } from './harness.ts';

const clock = manualClock();
let server: TestServer;
let base: string;

beforeAll(async () => {
  server = await startTestServer({ now: clock.now, loginPerMinute: 0 });
  base = server.url;
});

/** Servers a test starts for itself, removed at the end. */
const others = extraServers();
const otherServer = others.start;

afterAll(async () => {
  await server.cleanup();
  await others.cleanup();
});

/** A guest on a device of its own, turned into an account. */
async function account(name: string, username: string, password = 'correct horse') {
  const guest = await newPlayer(base, name);
  const device = new Device(base, guest.token);
  const created = await device.call('POST', '/api/v1/account', { username, password });
  expect(created.status).toBe(201);
  return { guest, device, created };
}

describe('creating an account', () => {
  it('turns the guest into an account and starts a session on that device', async () => {
    const { guest, device, created } = await account('Ann', 'Ann_1');
    expect(created.body).toEqual({
      player: { id: guest.id, name: 'Ann' },
      account: { username: 'Ann_1' },
      webhook: null,
    });
    device.token = null; // the cookie alone now
    const me = await device.call('GET', '/api/v1/me');
    expect(me.status).toBe(200);
    expect(me.body.player.id).toBe(guest.id);
    expect(me.body.account).toEqual({ username: 'Ann_1' });
  });

  it('sets a signed, HttpOnly, SameSite=Lax cookie on / for 30 days', async () => {
    const { created } = await account('Cookie', 'cookie.monster');
    expect(created.setCookies).toHaveLength(1);
    const line = created.setCookies[0];
    expect(line).toMatch(/^gangsta_session=[^;]+\.[^;]+;/); // value.signature
    expect(line).toMatch(/; HttpOnly/i);
    expect(line).toMatch(/; SameSite=Lax/i);
    expect(line).toMatch(/; Path=\//);
    expect(line).toMatch(/; Max-Age=2592000/);
    expect(line).not.toMatch(/; Secure/i); // only with COOKIE_SECURE=1
  });

  it('refuses a second account for the same player and a username taken in any case', async () => {
    const { device } = await account('Ben', 'ben-b');
    const again = await device.call('POST', '/api/v1/account', {
      username: 'ben-c',
      password: 'another one',
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('ALREADY_ACCOUNT');
    const other = new Device(base, (await newPlayer(base, 'Other Ben')).token);
    const taken = await other.call('POST', '/api/v1/account', {
      username: 'BEN-B',
      password: 'whatever123',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('USERNAME_TAKEN');
  });

  it.each([
    ['a username too short', { username: 'ab', password: 'long enough' }, 'BAD_USERNAME'],
    ['a username with spaces', { username: 'a b c', password: 'long enough' }, 'BAD_USERNAME'],
    ['a username too long', { username: 'x'.repeat(25), password: 'long enough' }, 'BAD_USERNAME'],
    ['a password too short', { username: 'shorty', password: '1234567' }, 'BAD_PASSWORD'],
    ['a password too long', { username: 'longy', password: 'x'.repeat(201) }, 'BAD_PASSWORD'],
  ])('refuses %s', async (_what, body, code) => {
    const device = new Device(base, (await newPlayer(base, 'Dora')).token);
    const answer = await device.call('POST', '/api/v1/account', body);
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe(code);
  });

  it('needs an identity', async () => {
    const answer = await new Device(base).call('POST', '/api/v1/account', {
      username: 'nobody',
      password: 'long enough',
    });
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe('UNAUTHENTICATED');
  });
});

describe('logging in and out', () => {
  it('finds the same player on a second device, even one that was another guest', async () => {
    const { guest } = await account('Cleo', 'cleo');
    const second = new Device(base);
    const other = await newPlayer(base, 'Someone else');
    const before = await second.call('POST', '/api/v1/account', {}); // no identity yet
    expect(before.status).toBe(401);
    second.token = other.token;
    const login = await second.call('POST', '/api/v1/login', {
      username: 'CLEO',
      password: 'correct horse',
    });
    expect(login.status).toBe(200);
    expect(login.body.player.id).toBe(guest.id);
    expect(login.body.account).toEqual({ username: 'cleo' });
    second.token = null; // the browser drops the other guest's token once logged in
    const me = await second.call('GET', '/api/v1/me');
    expect(me.body.player.id).toBe(guest.id);
  });

  it('switches a device from one account to another, ending the first session', async () => {
    await account('Eve', 'eve');
    await account('Fay', 'fay');
    const device = new Device(base);
    await device.call('POST', '/api/v1/login', { username: 'eve', password: 'correct horse' });
    const eveCookie = device.cookie;
    const fay = await device.call('POST', '/api/v1/login', {
      username: 'fay',
      password: 'correct horse',
    });
    expect(fay.body.account.username).toBe('fay');
    const stale = new Device(base);
    stale.cookie = eveCookie;
    expect((await stale.call('GET', '/api/v1/me')).status).toBe(401);
  });

  it('revokes the session on logout, also for a copy of the cookie', async () => {
    const { device } = await account('Gil', 'gil');
    device.token = null;
    const copy = new Device(base);
    copy.cookie = device.cookie;
    const out = await device.call('POST', '/api/v1/logout');
    expect(out.status).toBe(200);
    expect(out.setCookies[0]).toMatch(/gangsta_session=;/);
    expect(device.cookie).toBeNull();
    const me = await copy.call('GET', '/api/v1/me');
    expect(me.status).toBe(401);
    expect(me.body.error.code).toBe('UNAUTHENTICATED');
    // The account itself lives on.
    const again = await copy.call('POST', '/api/v1/login', {
      username: 'gil',
      password: 'correct horse',
    });
    expect(again.status).toBe(200);
  });

  it('refuses a wrong password and an unknown username alike', async () => {
    await account('Hal', 'hal');
    const device = new Device(base);
    const wrong = await device.call('POST', '/api/v1/login', { username: 'hal', password: 'nope' });
    const unknown = await device.call('POST', '/api/v1/login', {
      username: 'nobody-here',
      password: 'nope',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error.code).toBe('BAD_CREDENTIALS');
    expect(device.cookie).toBeNull();
  });

  it('ends a session after 30 days', async () => {
    const { device } = await account('Ida', 'ida');
    device.token = null;
    clock.advance(29 * 86_400_000);
    expect((await device.call('GET', '/api/v1/me')).status).toBe(200);
    clock.advance(2 * 86_400_000);
    expect((await device.call('GET', '/api/v1/me')).status).toBe(401);
  });
});

describe('cookies', () => {
  it('refuses an altered cookie, over HTTP and on the WebSocket', async () => {
    const { device } = await account('Jo', 'jo-jo');
    device.token = null;
    const [name, value] = device.cookie!.split('=');
    if (value === undefined) throw new Error(`not a name=value cookie: ${device.cookie}`);
    const [id, signature] = value.split('.');
    if (id === undefined || signature === undefined)
      throw new Error(`not a signed session id: ${value}`);
    const flip = (text: string) => (text[0] === 'A' ? 'B' : 'A') + text.slice(1);
    for (const altered of [`${flip(id)}.${signature}`, `${id}.${flip(signature)}`, id]) {
      const forged = new Device(base);
      forged.cookie = `${name}=${altered}`;
      const me = await forged.call('GET', '/api/v1/me');
      expect(me.status).toBe(401);
      expect(me.body.error.code).toBe('UNAUTHENTICATED');
      const { welcome, socket } = await forged.hello();
      expect(welcome).toMatchObject({ type: 'welcome', player: null });
      socket.close();
    }
  });

  it('identifies the WebSocket by the cookie of its upgrade request', async () => {
    const { guest, device } = await account('Kim', 'kim');
    device.token = null;
    const { welcome, socket } = await device.hello();
    expect(welcome).toMatchObject({ type: 'welcome', player: { id: guest.id, name: 'Kim' } });
    socket.close();
  });

  it('marks the cookie Secure behind HTTPS', async () => {
    const secure = await otherServer({ cookieSecure: true });
    try {
      const device = new Device(secure.url, (await newPlayer(secure.url, 'Lu')).token);
      const created = await device.call('POST', '/api/v1/account', {
        username: 'lu-secure',
        password: 'long enough',
      });
      expect(created.setCookies[0]).toMatch(/; Secure/i);
    } finally {
      await secure.stop();
    }
  });
});

describe('login limits', () => {
  it('refuses a username after 5 failures for 15 minutes, whether or not it exists', async () => {
    const limited = manualClock();
    const other = await otherServer({ now: limited.now, loginPerMinute: 0 });
    try {
      const guest = new Device(other.url, (await newPlayer(other.url, 'Max')).token);
      await guest.call('POST', '/api/v1/account', { username: 'max', password: 'right one' });
      const device = new Device(other.url);
      for (const username of ['max', 'ghost']) {
        for (let i = 0; i < 5; i++) {
          const wrong = await device.call('POST', '/api/v1/login', { username, password: 'bad' });
          expect(wrong.body.error.code).toBe('BAD_CREDENTIALS');
        }
        const limitedAnswer = await device.call('POST', '/api/v1/login', {
          username,
          password: 'right one',
        });
        expect(limitedAnswer.status).toBe(429);
        expect(limitedAnswer.body.error.code).toBe('RATE_LIMITED');
        expect(limitedAnswer.body.error.params.retryMs).toBeGreaterThan(14 * 60_000);
      }
      limited.advance(15 * 60_000);
      const after = await device.call('POST', '/api/v1/login', {
        username: 'max',
        password: 'right one',
      });
      expect(after.status).toBe(200);
    } finally {
      await other.stop();
    }
  });

  it('refuses more than 10 attempts a minute from one address', async () => {
    const limited = manualClock();
    const other = await otherServer({ now: limited.now });
    try {
      const device = new Device(other.url);
      for (let i = 0; i < 10; i++) {
        const answer = await device.call('POST', '/api/v1/login', {
          username: `user${i}`,
          password: 'bad',
        });
        expect(answer.body.error.code).toBe('BAD_CREDENTIALS');
      }
      const refused = await device.call('POST', '/api/v1/login', { username: 'u', password: 'x' });
      expect(refused.status).toBe(429);
      expect(refused.body.error.params.retryMs).toBeLessThanOrEqual(60_000);
      limited.advance(60_000);
      const later = await device.call('POST', '/api/v1/login', { username: 'u', password: 'x' });
      expect(later.body.error.code).toBe('BAD_CREDENTIALS');
    } finally {
      await other.stop();
    }
  });
});
