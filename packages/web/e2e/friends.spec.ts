/**
 * Friends, challenges and mail settings through the UI against the real server: Ann (an
 * account made on the online home) follows two accounts, sees them online with a challenge
 * button each, finds a challenge from a third account waiting for her, and sets a mail
 * address. With SMTP_URL=smtp://127.0.0.1:<port> in the environment the spec runs a local
 * SMTP server on that port and follows the verification link it receives; without it, the
 * panel says the server sends no mail. Screenshots at 1440×900 and 390×844, English and
 * German. Run alone: `E2E_PORT=4306 npx playwright test e2e/friends.spec.ts`.
 */
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { first } from '../test/helpers.ts';
import { SCREENSHOTS } from './helpers.ts';

const SMTP = process.env.SMTP_URL ? new URL(process.env.SMTP_URL) : null;
const mails: string[] = [];
let smtp: SMTPServer | null = null;

test.beforeAll(async () => {
  if (!SMTP) return;
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, done) {
      let text = '';
      stream.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
      });
      stream.on('end', () => {
        mails.push(text.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp!.listen(Number(SMTP.port), '127.0.0.1', resolve));
  expect((smtp.server.address() as AddressInfo).port).toBe(Number(SMTP.port));
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => (smtp ? smtp.close(resolve) : resolve()));
});

/** An account made over the API in its own cookie jar: its token and username. */
async function account(request: APIRequestContext, username: string) {
  const made = await request.post('/api/v1/players', { data: { name: username } });
  const { token } = await made.json();
  const headers = { authorization: `Bearer ${token}` };
  await request.post('/api/v1/account', {
    headers,
    data: { username, password: 'a long enough secret' },
  });
  return { token, username, headers };
}

async function signUp(page: Page, name: string, username: string) {
  await page.goto('/#/online');
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Continue' }).click();
  const create = page.getByTestId('account').getByTestId('create-account-form');
  await create.getByLabel('Username').fill(username);
  await create.getByLabel('Password').fill('a long enough secret');
  await create.getByRole('button', { name: 'Create an account' }).click();
  await expect(page.getByTestId('signed-in-as')).toBeVisible();
}

test('follow friends, see them online, answer a challenge, set a mail address', async ({
  page,
  playwright,
  baseURL,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  const others = await playwright.request.newContext(baseURL === undefined ? {} : { baseURL });
  await account(others, 'ben_friend');
  await account(others, 'cem_friend');
  const dee = await account(others, 'dee_friend');
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUp(page, 'Ann', 'ann_friends');

  const friends = page.getByTestId('friends');
  for (const username of ['ben_friend', 'cem_friend']) {
    await friends.getByLabel('Username to follow').fill(username);
    await friends.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect(friends.getByRole('link', { name: username })).toBeVisible();
  }
  await expect(friends.getByTestId('friend')).toHaveCount(2);
  await expect(friends.getByRole('img', { name: 'Online' })).toHaveCount(2);
  await expect(
    friends.getByRole('button', { name: 'Challenge ben_friend to a 2-player game' }),
  ).toBeVisible();
  // Dee challenges Ann: it waits for her answer in the panel.
  const challenged = await others.post('/api/v1/challenges', {
    headers: dee.headers,
    data: { to: 'ann_friends', options: { players: 2 } },
  });
  expect(challenged.status()).toBe(201);
  const challengeId: string = (await challenged.json()).challenge.id;
  await page.reload();
  const incoming = friends.getByTestId('incoming-challenge');
  await expect(incoming).toHaveText(/dee_friend challenges you/);

  // Mail: the address and the opt-ins.
  const mail = page.getByTestId('email-settings');
  if (SMTP) {
    await mail.getByLabel('Email address').fill('ann@example.test');
    await mail.getByLabel('Challenges and invitations').check();
    await mail.getByRole('button', { name: 'Save email settings' }).click();
    await expect(mail.getByTestId('email-state')).toContainText('Not verified yet');
    await expect.poll(() => mails.length).toBe(1);
    const link = /(http\S+\/api\/v1\/email\/verify\?token=[\w.-]+)/.exec(first(mails))?.[1];
    expect(link).toMatch(/^http:/);
    await page.goto(link!);
    await expect(page.getByTestId('email-state')).toHaveText(/Verified/);
  } else {
    await expect(mail.getByText('This server sends no mail.')).toBeVisible();
    await expect(mail.getByLabel('Email address')).toBeDisabled();
  }
  await friends.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}/friends-en-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENSHOTS}/friends-en-390.png`, fullPage: true });

  // German, and declining with one click.
  await page.evaluate(() => localStorage.setItem('gangsta.language', 'de'));
  await page.reload();
  await expect(friends.getByRole('heading', { name: 'Freunde' })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/friends-de-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${SCREENSHOTS}/friends-de-1440.png`, fullPage: true });
  await incoming.getByRole('button', { name: 'Ablehnen' }).click();
  await expect(incoming).toHaveCount(0);
  // Declined: the challenge's table is gone.
  expect((await others.get(`/api/v1/tables/${challengeId}`)).status()).toBe(404);
  expect(errors).toEqual([]);
  await others.dispose();
});
