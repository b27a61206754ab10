/**
 * One-click rematch in the browser against the real server: a person plays a 2-player online
 * game against a server bot (the person's moves are sent from the test over the WebSocket with
 * the page's own token, which is far quicker than clicking a whole game), opens the finished
 * table, sees the score screen, clicks "Rematch" and lands at the new table, where the game has
 * started at once (the bot's seat needs nobody) with the seats rotated. The leaderboard page is
 * reachable from the online home. Run alone: `E2E_PORT=5302 npx playwright test
 * e2e/rematch.spec.ts`.
 */

import {
  type FramePatch,
  nextFrame,
  PROTOCOL_VERSION,
  type UpdateFrame,
  withoutCards,
} from '@gangsta/protocol';
import { expect, type Page, test } from '@playwright/test';
import WebSocket from 'ws';
import { itemOf } from '../test/helpers.ts';
import { closeOpenedContexts } from './helpers.ts';

closeOpenedContexts();

interface Frame {
  legal: unknown[];
  over: boolean;
}

interface Message {
  type: string;
  table?: string;
  version?: number;
  frame?: Frame | null;
  /** A live update: the patch of the frame of `from` (see the protocol's frameDelta.ts). */
  from?: number;
  patch?: FramePatch;
  digest?: string;
  id?: string;
  error?: { code: string; message: string; params: { retryMs?: number } };
}

/**
 * Plays the token's seat to the end of the game: the first legal move of the latest frame
 * whenever it must decide and no move of its own is unanswered (the others' moves arrive as
 * updates before our acknowledgement, so both kinds of message may let it move).
 */
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
      const move = {
        type: 'move',
        table,
        id: `e2e${moves++}`,
        seen: version,
        move: latest.legal[0],
      };
      sent = JSON.stringify(move);
      socket.send(sent);
    };
    socket.on('error', reject);
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as Message;
      if (message.type === 'welcome') socket.send(JSON.stringify({ type: 'watch', table }));
      // Faster than a person: the server says when the same move may be sent again.
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
        // A patch that does not follow our frame: a sync gives the whole position again.
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

async function tokenOf(page: Page): Promise<string> {
  const stored = await page.evaluate(() => localStorage.getItem('gangsta.online.v1'));
  const token = JSON.parse(stored ?? '{}').token as string | undefined;
  if (!token) throw new Error('the page has no player token');
  return token;
}

test('a finished game against a bot: Rematch starts the next game, seats rotated', async ({
  page,
  baseURL,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto('/#/online');
  await page.getByLabel('Your name').fill('Ann');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('You play as Ann.')).toBeVisible();
  const token = await tokenOf(page);
  const auth = { authorization: `Bearer ${token}` };

  const created = await page.request.post('/api/v1/tables', {
    headers: auth,
    data: {
      name: 'Ann against the bot',
      public: false,
      options: { players: 2 },
      seats: [{ kind: 'host' }, { kind: 'bot', level: 'easy' }],
    },
  });
  expect(created.status()).toBe(201);
  const table = (await created.json()).table.id as string;
  expect((await page.request.post(`/api/v1/tables/${table}/start`, { headers: auth })).ok()).toBe(
    true,
  );
  await playToTheEnd(baseURL!, token, table);

  await page.goto(`/#/online/t/${table}`);
  await expect(page.getByTestId('score')).toBeVisible();
  await page.getByTestId('rematch').click();
  await expect(page).not.toHaveURL(new RegExp(`/t/${table}$`));
  const rematch = decodeURIComponent(itemOf(page.url().split('/t/'), 1));
  // The new game is under way at once: the table, not its waiting room.
  await expect(page.locator('.table-screen')).toBeVisible();
  await expect(page.getByTestId('watching')).toHaveCount(0);
  const info = (await (await page.request.get(`/api/v1/tables/${rematch}`)).json()).table;
  expect(info.status).toBe('playing');
  expect(info.seats.map((s: { kind: string; name: string }) => [s.kind, s.name])).toEqual([
    ['bot', 'easy'],
    ['player', 'Ann'],
  ]);
  // The finished table tells of its rematch; asking again leads to the same table.
  const old = (await (await page.request.get(`/api/v1/tables/${table}`)).json()).table;
  expect(old.rematch.table).toBe(rematch);

  // The leaderboards are one click from the online home.
  await page.goto('/#/online');
  await page.getByTestId('ratings-link').click();
  await expect(page.getByRole('heading', { name: 'Ratings', exact: true })).toBeVisible();
  await page.getByTestId('ratings-tab-2').click();
  await expect(page.getByRole('tab', { name: '2 players' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  expect(errors).toEqual([]);
});

/** A guest in a fresh browser context, named on the online home; with its token. */
async function guest(
  browser: import('@playwright/test').Browser,
  name: string,
  errors: string[],
): Promise<{ page: Page; token: string }> {
  const page = await (await browser.newContext()).newPage();
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto('/#/online');
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(`You play as ${name}.`)).toBeVisible();
  return { page, token: await tokenOf(page) };
}

test('two people: one asks for a rematch, the other sees the offer and joins in one click', async ({
  browser,
  baseURL,
}) => {
  const errors: string[] = [];
  const ann = await guest(browser, 'Ann', errors);
  const ben = await guest(browser, 'Ben', errors);
  const created = await ann.page.request.post('/api/v1/tables', {
    headers: { authorization: `Bearer ${ann.token}` },
    data: {
      name: 'Ann and Ben',
      public: false,
      options: { players: 2 },
      seats: [{ kind: 'host' }, { kind: 'open' }],
    },
  });
  const table = (await created.json()).table.id as string;
  const joined = await ben.page.request.post(`/api/v1/tables/${table}/join`, {
    headers: { authorization: `Bearer ${ben.token}` },
    data: {},
  });
  expect(joined.ok()).toBe(true);
  const started = await ann.page.request.post(`/api/v1/tables/${table}/start`, {
    headers: { authorization: `Bearer ${ann.token}` },
  });
  expect(started.ok()).toBe(true);
  await Promise.all([
    playToTheEnd(baseURL!, ann.token, table),
    playToTheEnd(baseURL!, ben.token, table),
  ]);

  // Both look at the score screen; Ann asks, Ben is told at once and joins in one click.
  for (const { page } of [ann, ben]) {
    await page.goto(`/#/online/t/${table}`);
    await expect(page.getByTestId('score')).toBeVisible();
  }
  await ann.page.getByTestId('rematch').click();
  await expect(ann.page).not.toHaveURL(new RegExp(`/t/${table}$`));
  const rematch = decodeURIComponent(itemOf(ann.page.url().split('/t/'), 1));
  await expect(ben.page.getByTestId('rematch-offer')).toHaveText('Ann offers a rematch');
  await ben.page.getByTestId('rematch-join').click();
  await expect(ben.page).toHaveURL(new RegExp(`/t/${encodeURIComponent(rematch)}`));
  // The last reserved seat taken, the game starts by itself, each at their rotated seat.
  for (const { page } of [ann, ben]) {
    await expect(page.locator('.table-screen')).toBeVisible();
    await expect(page.getByTestId('watching')).toHaveCount(0);
  }
  const info = (await (await ann.page.request.get(`/api/v1/tables/${rematch}`)).json()).table;
  expect(info.status).toBe('playing');
  expect(info.seats.map((s: { name: string }) => s.name)).toEqual(['Ben', 'Ann']);
  expect(errors).toEqual([]);
});
