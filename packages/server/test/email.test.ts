/**
 * Email notifications against a local SMTP server started here (127.0.0.1, a random port):
 * the verification mail and its link, an invitation mailed only to a verified address that
 * opted in, the unsubscribe link (no login), and "your turn" batched to one mail per table an
 * hour on the server's clock (no waiting).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer } from '../src/email/mailer.ts';
import { EmailNotifier } from '../src/email/notify.ts';
import { openStore } from '../src/store/open.ts';
import { ManualTime } from '../src/time.ts';
import {
  http,
  type NewPlayer,
  newAccount,
  newPlayer,
  startTestServer,
  type TestServer,
} from './harness.ts';
import { databaseUrlFor, dropTestDatabase } from './support/database.ts';
import { startSmtp, type TestSmtp } from './support/smtp.ts';

let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startSmtp();
});

afterAll(async () => {
  await smtp.close();
});

const linkIn = (text: string, path: string) => {
  const pattern = new RegExp(`(http\\S+${path.replace(/\//g, '\\/')}\\?token=[\\w.%-]+)`);
  const link = pattern.exec(text)?.[1];
  if (link === undefined) throw new Error(`no ${path} link in: ${text}`);
  return link;
};

/** Follows a mail's link as a mail program would: no token, no cookie. */
const open = async (link: string, method = 'GET') => {
  const response = await fetch(link, { method, redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location') ?? '' };
};

describe('mail settings and links', () => {
  let server: TestServer;
  let base: string;

  beforeAll(async () => {
    server = await startTestServer({ smtpUrl: smtp.url, loginPerMinute: 0 });
    base = server.url;
  });

  afterAll(async () => {
    await server.cleanup();
  });

  const settings = async (player: NewPlayer) =>
    (await http(base, 'GET', '/api/v1/me/email', { token: player.token })).body;
  const setEmail = (player: NewPlayer, body: unknown) =>
    http(base, 'PUT', '/api/v1/me/email', { token: player.token, body });

  it('mails a verification link to a new address; the link verifies it without a login', async () => {
    const ben = await newAccount(base, 'BenMail');
    expect(await settings(ben)).toEqual({ email: null, enabled: true });
    const guest = await newPlayer(base, 'Guest');
    expect((await setEmail(guest, { address: 'guest@example.test' })).status).toBe(409);
    const bad = await setEmail(ben, { address: 'not an address' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('BAD_EMAIL');

    const set = await setEmail(ben, { address: 'ben@example.test', invitations: true });
    expect(set.status).toBe(200);
    expect(set.body.email).toEqual({
      address: 'ben@example.test',
      verified: false,
      yourTurn: false,
      invitations: true,
      rematches: false,
    });
    const mail = await smtp.next();
    expect(mail.to).toEqual(['ben@example.test']);
    expect(mail.subject).toBe('Confirm your address for Gangsta!');
    const link = linkIn(mail.text, '/api/v1/email/verify');
    expect(link.startsWith(base)).toBe(true);

    // A link whose token was altered verifies nothing.
    const forged = await open(`${link.slice(0, -3)}abc`);
    expect(forged.location).toBe(`${base}/#/online?email=invalid`);
    expect((await settings(ben)).email.verified).toBe(false);

    const opened = await open(link);
    expect(opened.status).toBe(303);
    expect(opened.location).toBe(`${base}/#/online?email=verified`);
    expect((await settings(ben)).email.verified).toBe(true);
    // Changing only the opt-ins keeps the address verified and mails nothing.
    const changed = await setEmail(ben, { address: 'ben@example.test', rematches: true });
    expect(changed.body.email).toMatchObject({
      verified: true,
      rematches: true,
      invitations: false,
    });
  });

  it('mails an invitation to a verified address that opted in; its unsubscribe link works', async () => {
    const ann = await newAccount(base, 'AnnMail');
    const cem = await newAccount(base, 'CemMail');
    await setEmail(cem, { address: 'cem@example.test', invitations: true });
    const verification = await smtp.next();
    // Unverified: a challenge now is not mailed (the next mail is the one after verifying).
    await http(base, 'POST', '/api/v1/challenges', {
      token: ann.token,
      body: { to: 'CemMail', options: { players: 2 } },
    });
    // The mail is decided after the answer: let it be, before the address is verified.
    await server.server.mailsSettled();
    await open(linkIn(verification.text, '/api/v1/email/verify'));
    const made = await http(base, 'POST', '/api/v1/challenges', {
      token: ann.token,
      body: { to: 'CemMail', options: { players: 2 } },
    });
    const mail = await smtp.next();
    expect(mail.to).toEqual(['cem@example.test']);
    expect(mail.subject).toBe(`AnnMail invites you to “${made.body.challenge.table.name}”`);
    expect(mail.text).toContain(`${base}/#/online/t/${made.body.challenge.id}`);
    const unsubscribe = linkIn(mail.text, '/api/v1/email/unsubscribe');
    expect(mail.headers['list-unsubscribe']).toBe(`<${unsubscribe}>`);

    const opened = await open(unsubscribe);
    expect(opened.location).toBe(`${base}/#/online?email=unsubscribed`);
    expect((await settings(cem)).email).toMatchObject({
      address: 'cem@example.test',
      verified: true,
      invitations: false,
      yourTurn: false,
      rematches: false,
    });
    // The mail program's one-click POST works too; a made-up token does not.
    expect((await open(unsubscribe, 'POST')).status).toBe(200);
    expect((await open(`${base}/api/v1/email/unsubscribe?token=made.up`, 'POST')).status).toBe(400);
  });
});

describe('"your turn" mails', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'gangsta-email-'));

  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await dropTestDatabase(dataDir);
  });

  it('sends at most one per table an hour, on the server’s clock', async () => {
    const store = openStore({ databaseUrl: await databaseUrlFor(dataDir), dataDir });
    await store.migrate();
    const time = new ManualTime();
    const at = () => new Date(time.now()).toISOString();
    await store.createPlayer({ id: 'ben', name: 'Ben', tokenHash: 'h', createdAt: at() });
    const opted = {
      address: 'ben@turns.test',
      yourTurn: true,
      invitations: false,
      rematches: false,
    };
    await store.setEmail('ben', opted, at());
    await store.verifyEmail('ben', 'ben@turns.test', at());
    const notifier = new EmailNotifier({
      store,
      mailer: smtpMailer(smtp.url, 'Gangsta! <test@localhost>'),
      secret: 'test secret',
      now: () => time.now(),
      publicUrl: () => 'http://game.test',
      log: pino({ level: 'silent' }),
    });
    const before = smtp.mails.length;
    const turn = (tableId: string) =>
      notifier.notifyAccount('ben', { kind: 'yourTurn', tableId, tableName: `Game ${tableId}` });
    const sent = () => smtp.mails.slice(before).map((m) => m.subject);

    await turn('t1');
    expect(sent()).toEqual(['Your turn at “Game t1”']);
    // A second turn at the same table 20 minutes later: batched, no mail.
    time.advance(20 * 60_000);
    await turn('t1');
    // Another table is another conversation.
    await turn('t2');
    expect(sent()).toEqual(['Your turn at “Game t1”', 'Your turn at “Game t2”']);
    // An hour after the first mail, the next turn there is mailed again.
    time.advance(40 * 60_000);
    await turn('t1');
    await notifier.settled();
    expect(sent()).toEqual([
      'Your turn at “Game t1”',
      'Your turn at “Game t2”',
      'Your turn at “Game t1”',
    ]);
    // Unsubscribed: nothing more.
    await store.unsubscribeEmail('ben', at());
    time.advance(2 * 60 * 60_000);
    await turn('t1');
    expect(sent()).toHaveLength(3);
    await store.close();
  });
});
