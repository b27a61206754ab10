/**
 * What reaches the players after an online game, against the real server: Alice and Bob (two
 * accounts) play a whole game (their moves sent from the test over the WebSocket with each
 * page's token); on Bob's score screen the game says it was rated and how both ratings moved,
 * and when Alice asks for a rematch the offer appears within the first screen, at 1440×900 and
 * at 390×844 (measured from the page's geometry). Bob's My games lists the rematch as his seat
 * waiting; his profile gives the figures of the game and links to it; the leaderboard names
 * link to profiles. A guest's game against a bot says it was not rated, and the guest is told
 * before the start. Screenshots of each screen in English and German go to
 * test-results/screenshots/reach-*.png. Run alone: `E2E_PORT=4305 npx playwright test
 * e2e/reach.spec.ts`.
 */
import {
  type FramePatch,
  nextFrame,
  PROTOCOL_VERSION,
  type UpdateFrame,
  withoutCards,
} from '@gangsta/protocol';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import WebSocket from 'ws';
import { closeOpenedContexts, SCREENSHOTS } from './helpers.ts';

closeOpenedContexts();

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const PASSWORD = 'a long enough password';

interface Frame {
  legal: unknown[];
  over: boolean;
}

interface Message {
  type: string;
  table?: string;
  version?: number;
  frame?: Frame | null;
  from?: number;
  patch?: FramePatch;
  digest?: string;
  error?: { code: string; message: string; params: { retryMs?: number } };
}

/** Plays the token's seat to the end: the first legal move whenever it must decide. */
async function playToTheEnd(baseURL: string, token: string, table: string): Promise<void> {
  const socket = new WebSocket(`${baseURL.replace(/^http/, 'ws')}/api/v1/ws`);
  const done = new Promise<void>((resolve, reject) => {
    let version = 0;
    let latest: Frame | null = null;
    let moves = 0;
    let waiting = false;
    let sent = '';
    const maybeMove = () => {
      if (!latest || latest.over || latest.legal.length === 0 || waiting) return;
      waiting = true;
      sent = JSON.stringify({
        type: 'move',
        table,
        id: `r${moves++}`,
        seen: version,
        move: latest.legal[0],
      });
      socket.send(sent);
    };
    socket.on('error', reject);
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as Message;
      if (message.type === 'welcome') socket.send(JSON.stringify({ type: 'watch', table }));
      if (message.type === 'rejected' && message.error?.code === 'RATE_LIMITED') {
        setTimeout(() => socket.send(sent), message.error.params.retryMs ?? 50);
        return;
      }
      if (message.type === 'rejected' && message.error?.code !== 'STALE') {
        reject(new Error(`move refused: ${message.error?.code} ${message.error?.message}`));
      }
      if (message.type === 'ack' || message.type === 'rejected') {
        waiting = false;
        maybeMove();
      }
      if ((message.type !== 'sync' && message.type !== 'update') || message.table !== table) return;
      if (message.patch) {
        const held = latest as unknown as UpdateFrame | null;
        const next =
          held && message.from === version
            ? nextFrame(withoutCards(held), { patch: message.patch, digest: message.digest })
            : null;
        if (!next?.ok) return socket.send(JSON.stringify({ type: 'watch', table }));
        latest = next.frame as unknown as Frame;
      } else {
        latest = message.frame ?? latest;
      }
      version = message.version ?? version;
      if (latest?.over) resolve();
      maybeMove();
    });
    socket.on('open', () =>
      socket.send(JSON.stringify({ type: 'hello', protocol: PROTOCOL_VERSION, token })),
    );
  });
  try {
    await done;
  } finally {
    socket.close();
  }
}

interface Person {
  page: Page;
  token: string;
}

/** A person in a browser of their own, named on the online home, an account if `username`. */
async function person(
  browser: Browser,
  name: string,
  username: string | null,
  errors: string[],
): Promise<Person> {
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto('/#/online');
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(`You play as ${name}.`)).toBeVisible();
  const stored = await page.evaluate(() => localStorage.getItem('gangsta.online.v1'));
  const token = JSON.parse(stored ?? '{}').token as string;
  if (username) {
    const create = page.getByTestId('account').getByTestId('create-account-form');
    await create.getByLabel('Username').fill(username);
    await create.getByLabel('Password').fill(PASSWORD);
    await create.getByRole('button', { name: 'Create an account' }).click();
    await expect(page.getByTestId('account').getByTestId('signed-in-as')).toBeVisible();
  }
  return { page, token };
}

/** The element lies wholly within the window as first shown (no scrolling of any box). */
async function expectInFirstScreen(page: Page, element: Locator): Promise<void> {
  await expect(element).toBeVisible();
  const box = await element.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SCREENSHOTS}/reach-${name}.png` });
}

test('a rated game: the ratings moved, the rematch offer in view, My games and profiles', async ({
  browser,
  baseURL,
}) => {
  const errors: string[] = [];
  const alice = await person(browser, 'Alice', 'alice_e2e', errors);
  const bob = await person(browser, 'Bob', 'bob_e2e', errors);
  const auth = (p: Person) => ({ authorization: `Bearer ${p.token}` });
  const created = await alice.page.request.post('/api/v1/tables', {
    headers: auth(alice),
    data: {
      name: 'Friday night',
      public: false,
      options: { players: 2 },
      seats: [{ kind: 'host' }, { kind: 'open' }],
    },
  });
  const table = (await created.json()).table.id as string;
  expect(
    (
      await bob.page.request.post(`/api/v1/tables/${table}/join`, { headers: auth(bob), data: {} })
    ).ok(),
  ).toBe(true);
  expect(
    (await alice.page.request.post(`/api/v1/tables/${table}/start`, { headers: auth(alice) })).ok(),
  ).toBe(true);
  await Promise.all([
    playToTheEnd(baseURL!, alice.token, table),
    playToTheEnd(baseURL!, bob.token, table),
  ]);

  // Bob looks at the score: the game counted, and both ratings moved.
  await bob.page.goto(`/#/online/t/${table}`);
  await expect(bob.page.getByTestId('score')).toBeVisible();
  const rating = bob.page.getByTestId('game-rating');
  await expect(rating).toHaveAttribute('data-status', 'rated');
  await expect(rating.getByTestId('rating-change')).toHaveCount(2);
  await expect(rating.getByTestId('rating-change').nth(1)).toContainText('Bob');
  await expect(rating.getByTestId('rating-change').nth(1)).toContainText('→');

  // Alice asks for the rematch: the offer is on Bob's first screen, wide and narrow.
  const asked = await alice.page.request.post(`/api/v1/tables/${table}/rematch`, {
    headers: auth(alice),
  });
  const rematch = (await asked.json()).table.id as string;
  const offer = bob.page.getByTestId('rematch-offer');
  await expect(offer).toHaveText('Alice offers a rematch');
  await expectInFirstScreen(bob.page, bob.page.getByTestId('rematch-join'));
  await shot(bob.page, 'score-rated-1440-en');
  await bob.page.setViewportSize(PHONE);
  await bob.page.reload();
  await expect(bob.page.getByTestId('score')).toBeVisible();
  await expect(bob.page.getByTestId('game-rating')).toHaveAttribute('data-status', 'rated');
  await expectInFirstScreen(bob.page, bob.page.getByTestId('rematch-join'));
  await shot(bob.page, 'score-rated-390-en');

  // My games: the rematch first, as his seat waiting.
  await bob.page.goto('/#/online/games');
  const first = bob.page.getByTestId('my-game').first();
  await expect(first).toHaveAttribute('data-seat-waiting', 'true');
  await expect(first).toContainText('Your seat is waiting');
  await expect(first.getByRole('link')).toHaveAttribute('href', `#/online/t/${rematch}`);
  await shot(bob.page, 'my-games-390-en');
  await bob.page.setViewportSize(DESKTOP);
  await shot(bob.page, 'my-games-1440-en');

  // The leaderboard names Bob as tables do, and leads to his profile.
  await bob.page.goto('/#/online/ratings');
  await bob.page.getByTestId('ratings-tab-2').click();
  const link = bob.page.getByTestId('profile-link').filter({ hasText: /^Bob$/ });
  await expect(link).toHaveAttribute('href', '#/online/players/bob_e2e');
  await link.click();
  await expect(bob.page.getByRole('heading', { name: 'Bob', exact: true })).toBeVisible();
  await expect(bob.page.getByTestId('profile-games')).toHaveText('1');
  await expect(bob.page.getByTestId('rating-chart')).toBeVisible();
  await expect(
    bob.page.getByTestId('profile-recent').getByRole('link', { name: 'Friday night' }),
  ).toHaveAttribute('href', `#/online/t/${table}`);
  await shot(bob.page, 'profile-1440-en');
  await bob.page.setViewportSize(PHONE);
  await shot(bob.page, 'profile-390-en');

  // The same screens in German, on a German browser logged in as Bob.
  const german = await (await browser.newContext({ viewport: DESKTOP, locale: 'de-DE' })).newPage();
  german.on('pageerror', (error) => errors.push(String(error)));
  await german.goto('/#/online');
  const login = german.getByTestId('account').getByTestId('login-form');
  // The labels are German here: the form's fields in their order.
  await login.locator('input').nth(0).fill('bob_e2e');
  await login.locator('input[type="password"]').fill(PASSWORD);
  await login.locator('button[type="submit"]').click();
  await expect(german.getByTestId('account').getByTestId('signed-in-as')).toBeVisible();
  await german.goto(`/#/online/t/${table}`);
  await expect(german.getByTestId('game-rating')).toHaveAttribute('data-status', 'rated');
  await expectInFirstScreen(german, german.getByTestId('rematch-join'));
  await shot(german, 'score-rated-1440-de');
  await german.goto('/#/online/games');
  await expect(german.getByTestId('my-game').first()).toHaveAttribute('data-seat-waiting', 'true');
  await shot(german, 'my-games-1440-de');
  await german.goto('/#/online/players/bob_e2e');
  await expect(german.getByTestId('profile-games')).toHaveText('1');
  await expect(german.getByTestId('rating-chart')).toBeVisible();
  await shot(german, 'profile-1440-de');
  await german.setViewportSize(PHONE);
  await german.goto(`/#/online/t/${table}`);
  await expectInFirstScreen(german, german.getByTestId('rematch-join'));
  await shot(german, 'score-rated-390-de');
  await german.goto('/#/online/players/bob_e2e');
  await expect(german.getByTestId('profile-games')).toHaveText('1');
  await expect(german.getByTestId('rating-chart')).toBeVisible();
  await shot(german, 'profile-390-de');
  expect(errors).toEqual([]);
});

test('a guest is told before the start, and the score says the game was not rated', async ({
  browser,
  baseURL,
}) => {
  const errors: string[] = [];
  const gus = await person(browser, 'Gus', null, errors);
  const created = await gus.page.request.post('/api/v1/tables', {
    headers: { authorization: `Bearer ${gus.token}` },
    data: {
      name: 'Gus against the bot',
      public: false,
      options: { players: 2 },
      seats: [{ kind: 'host' }, { kind: 'bot', level: 'easy' }],
    },
  });
  const table = (await created.json()).table.id as string;
  await gus.page.goto(`/#/online/t/${table}`);
  await expect(gus.page.getByTestId('rated-notice')).toContainText('this game will not be rated');
  expect(
    (
      await gus.page.request.post(`/api/v1/tables/${table}/start`, {
        headers: { authorization: `Bearer ${gus.token}` },
      })
    ).ok(),
  ).toBe(true);
  await playToTheEnd(baseURL!, gus.token, table);
  // The finished table opened afresh, as a player coming back to it would.
  await gus.page.goto(`/#/online/t/${table}`);
  await gus.page.reload();
  const rating = gus.page.getByTestId('game-rating');
  await expect(rating).toHaveAttribute('data-status', 'unrated');
  await expect(rating).toContainText('You played as a guest');
  await expect(rating.getByRole('link', { name: 'create an account' })).toBeVisible();
  await expectInFirstScreen(gus.page, gus.page.getByTestId('rematch'));
  await shot(gus.page, 'score-unrated-1440-en');
  await gus.page.setViewportSize(PHONE);
  await expectInFirstScreen(gus.page, gus.page.getByTestId('rematch'));
  await shot(gus.page, 'score-unrated-390-en');
  expect(errors).toEqual([]);
});
