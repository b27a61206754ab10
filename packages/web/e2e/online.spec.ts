/**
 * Online play through the UI, in three browser contexts against the real server (Playwright's
 * web server is the server serving the built client): the host creates a private 2-seat table
 * with one invited seat, the guest opens the invitation link, gives a name and joins, the host
 * starts; both play by clicking legal moves to the score screen, the guest reloads mid-game and
 * is back at the same seat, and a third context watches read-only. A second test covers the
 * waiting room's other paths (open seat, remove, leave, delete), a wrong link, and axe on each
 * screen.
 */
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import {
  closeOpenedContexts,
  MOVE_BUTTONS,
  rng,
  SCREENSHOTS,
  seriousViolations,
} from './helpers.ts';

closeOpenedContexts();

/**
 * The online click policy: a small script in the page clicks one of the enabled move controls
 * (the helpers' MOVE_BUTTONS) whenever the page shows some, choosing with numbers drawn from
 * the helpers' seeded `rng`. It runs in each seated player's page from its first load (and
 * again after a reload), so two people answer each other at the speed of the page itself;
 * driving every click from the test costs several round trips per move, and a whole game is
 * about 160 moves. Nothing matches the selector outside a decision, so the script is harmless
 * in the lobby and the waiting room.
 */
async function autoPlay(context: BrowserContext, seed: number): Promise<void> {
  const random = rng(seed);
  const picks = Array.from({ length: 4000 }, () => random());
  await context.addInitScript(
    ({ selector, picks }) => {
      let next = 0;
      setInterval(() => {
        if (document.querySelector('[data-testid="score"]')) return;
        const buttons = [...document.querySelectorAll<HTMLElement>(selector)];
        if (buttons.length === 0) return;
        const pick = picks[next++ % picks.length];
        if (pick === undefined) return;
        buttons[Math.floor(pick * buttons.length)]?.click();
      }, 40);
    },
    { selector: MOVE_BUTTONS, picks },
  );
}

async function turnOf(page: Page): Promise<number> {
  const turn = page.getByTestId('turn');
  if ((await turn.count()) === 0) return 0;
  return Number(await turn.getAttribute('data-turn'));
}

async function pageWithErrors(context: BrowserContext, errors: string[]): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(String(error)));
  return page;
}

async function giveName(page: Page, name: string): Promise<void> {
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('two people create, invite, join and play a whole online game; a third one watches', async ({
  browser,
}) => {
  const errors: string[] = [];
  // Reduced motion: the players' pages skip the table's animations, which on this 2-core
  // machine would otherwise slow every one of the game's ~160 moves.
  const newContext = () => browser.newContext({ reducedMotion: 'reduce' });
  const contexts = await Promise.all([newContext(), newContext(), newContext()]);
  const [hostContext, guestContext, watchContext] = contexts;
  await autoPlay(hostContext, 2026);
  await autoPlay(guestContext, 7);
  const host = await pageWithErrors(hostContext, errors);
  const guest = await pageWithErrors(guestContext, errors);
  const watcher = await pageWithErrors(watchContext, errors);

  // Someone else has a public table open: the lobby lists it.
  const cleo = await host.request.post('/api/v1/players', { data: { name: 'Cleo' } });
  const { token } = (await cleo.json()) as { token: string };
  const open = await host.request.post('/api/v1/tables', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: 'Open table',
      public: true,
      options: { players: 3 },
      seats: [{ kind: 'host' }, { kind: 'open' }, { kind: 'bot', level: 'easy' }],
    },
  });
  expect(open.ok()).toBe(true);

  // The host: "Play online", a name, the lobby.
  await host.goto('/');
  await host.getByTestId('play-online').click();
  await expect(host).toHaveURL(/#\/online$/);
  await giveName(host, 'Ann');
  await expect(host.getByText('You play as Ann.')).toBeVisible();
  await expect(host.getByTestId('lobby')).toContainText('Waiting for players');
  await expect(host.getByTestId('lobby-table').filter({ hasText: 'Open table' })).toContainText(
    '2 of 3 seats taken',
  );
  await host.screenshot({ path: `${SCREENSHOTS}/online-lobby.png`, fullPage: true });

  // Create a private table: seat 1 is the host, seat 2 is reserved for an invited person.
  await host.getByTestId('create-table').click();
  await host.getByText('2 players', { exact: true }).click();
  await expect(host.getByLabel('Player 1', { exact: true })).toHaveValue('host');
  await host.getByLabel('Player 2', { exact: true }).selectOption('invited');
  await host.getByLabel('Table name').fill('Friday night');
  await expect(host.getByLabel('Public: list it in the lobby')).not.toBeChecked();
  await host.getByTestId('create-submit').click();
  const room = host.getByTestId('waiting-room');
  await expect(room).toBeVisible();
  await expect(room.getByTestId('room-seat-0')).toContainText('Ann');
  await expect(room.getByTestId('room-seat-0')).toContainText('host');
  await expect(host.getByTestId('start-online')).toBeDisabled();
  const invite = await host.getByTestId('invite-link-1').inputValue();
  expect(invite).toMatch(/#\/online\/t\/[\w-]+\?invite=/);
  const tableLink = await host.getByTestId('table-link').inputValue();

  // The guest opens the invitation, gives a name and takes the reserved seat.
  await guest.goto(invite);
  await expect(guest.getByTestId('waiting-room')).toBeVisible();
  await giveName(guest, 'Bo');
  await expect(guest.getByLabel('Your name')).toHaveCount(0);
  await guest.getByTestId('room-seat-1').getByRole('button', { name: 'Take this seat' }).click();
  await expect(guest.getByTestId('room-seat-1')).toContainText('Bo');
  await expect(room.getByTestId('room-seat-1')).toContainText('Bo');
  await expect(room.getByTestId('room-seat-1')).toContainText('connected');
  await host.screenshot({ path: `${SCREENSHOTS}/online-waiting-room.png`, fullPage: true });

  // A third person opens the table's link without a name: a spectator.
  await watcher.goto(tableLink);
  await expect(watcher.getByTestId('waiting-room')).toBeVisible();

  await host.getByTestId('start-online').click();
  for (const page of [host, guest, watcher]) {
    await expect(page.locator('.table-screen')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Online$/ })).toBeVisible();
  }
  await expect(watcher.getByTestId('watching')).toBeVisible();
  await expect(host.getByTestId('watching')).toHaveCount(0);

  // The two players answer each other by clicks until the score. Meanwhile: a chat line, a
  // screenshot, and the guest reloads the page mid-game and is back at the same seat.
  // The waits below last as long as the game needs: no time limit but the test's own.
  const started = Date.now();
  await expect.poll(() => turnOf(guest), { timeout: 0 }).toBeGreaterThanOrEqual(3);
  await guest.screenshot({ path: `${SCREENSHOTS}/online-table.png`, fullPage: true });
  await guest.getByRole('textbox', { name: 'Message' }).fill('good luck <b>all</b>');
  await guest.getByRole('button', { name: 'Send' }).click();
  await expect(host.getByTestId('chat')).toContainText('good luck <b>all</b>');
  await expect(watcher.getByTestId('chat')).toContainText('Bo');
  await expect.poll(() => turnOf(guest), { timeout: 0 }).toBeGreaterThanOrEqual(6);
  const turnBefore = await turnOf(guest);
  await guest.reload();
  await expect(guest.locator('.table-screen')).toBeVisible();
  await expect(guest.getByTestId('watching')).toHaveCount(0);
  await expect(guest.getByRole('status').filter({ hasText: /^Online$/ })).toBeVisible();
  expect(await turnOf(guest)).toBeGreaterThanOrEqual(turnBefore);
  expect(await watcher.locator(MOVE_BUTTONS).count(), 'the spectator has no controls').toBe(0);
  // The spectator steps away for the rest of the game (on this 2-core machine each open page
  // slows every move) and comes back to the finished table.
  await watcher.close();
  for (const page of [host, guest]) {
    await expect(page.getByTestId('score')).toBeVisible({ timeout: 0 });
  }
  const back = await pageWithErrors(watchContext, errors);
  await back.goto(tableLink);
  await expect(back.getByTestId('score')).toBeVisible();
  await expect(back.getByTestId('watching')).toBeVisible();
  const tableId = new URL(tableLink).hash.split('/')[3];
  const answer = await host.request.get(`/api/v1/tables/${tableId}`);
  const moves = ((await answer.json()) as { table: { moveCount: number } }).table.moveCount;
  const seconds = Math.round((Date.now() - started) / 1000);
  test.info().annotations.push({ type: 'game', description: `${moves} moves in ${seconds} s` });
  // Seated players download the record and may open the replay; the spectator may not. The
  // guest's record after the reload shows the seat was theirs all along.
  await expect(guest.getByRole('button', { name: 'Download game' })).toBeVisible();
  await expect(host.getByRole('button', { name: 'Download game' })).toBeVisible();
  await expect(back.getByRole('button', { name: 'Download game' })).toHaveCount(0);
  await host.getByRole('button', { name: 'Watch the replay' }).click();
  await expect(host.getByTestId('replay-slider')).toBeVisible();
  expect(errors).toEqual([]);
  await Promise.all(contexts.map((context) => context.close()));
});

test('waiting room: an open seat is taken, the host removes the player, who joins and leaves, the host deletes the table; axe passes', async ({
  browser,
}) => {
  const errors: string[] = [];
  const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
  const host = await pageWithErrors(contexts[0], errors);
  const guest = await pageWithErrors(contexts[1], errors);

  await host.goto('/#/online');
  await giveName(host, 'Dee');
  await expect(host.getByText('You play as Dee.')).toBeVisible();
  expect(await seriousViolations(host), 'online home').toEqual([]);
  await host.getByTestId('create-table').click();
  await host.getByText('3 players', { exact: true }).click();
  await host.getByLabel('Player 2', { exact: true }).selectOption('open');
  await host.getByLabel('Player 3', { exact: true }).selectOption('bot-hard');
  await host.getByLabel('Public: list it in the lobby').check();
  expect(await seriousViolations(host), 'create a table').toEqual([]);
  await host.getByTestId('create-submit').click();
  await expect(host.getByTestId('room-seat-2')).toContainText('Bot (hard)');
  expect(await seriousViolations(host), 'waiting room').toEqual([]);
  const link = await host.getByTestId('table-link').inputValue();

  // A wrong link says so, with a way back.
  await guest.goto('/#/online/t/no-such-table');
  await expect(guest.getByRole('alert')).toHaveText('There is no such table.');

  // The public table is in the lobby; the guest takes the open seat from there.
  await guest.goto('/#/online');
  await giveName(guest, 'Eli');
  await guest
    .getByTestId('lobby-table')
    .filter({ hasText: 'Dee’s table' })
    .getByRole('link')
    .click();
  await expect(guest).toHaveURL(link);
  const seat = guest.getByTestId('room-seat-1');
  await seat.getByRole('button', { name: 'Take this seat' }).click();
  await expect(host.getByTestId('room-seat-1')).toContainText('Eli');
  await expect(host.getByTestId('start-online')).toBeEnabled();

  // The host removes Eli: the seat is open again, for everyone.
  await host.getByTestId('room-seat-1').getByRole('button', { name: 'Remove' }).click();
  await expect(guest.getByTestId('room-seat-1')).toContainText('Open seat');
  await expect(host.getByTestId('start-online')).toBeDisabled();

  // Eli sits down again, then leaves.
  await seat.getByRole('button', { name: 'Take this seat' }).click();
  await expect(host.getByTestId('room-seat-1')).toContainText('Eli');
  await guest.getByRole('button', { name: 'Leave the table' }).click();
  await expect(host.getByTestId('room-seat-1')).toContainText('Open seat');

  // The host deletes the table that will not start: back home, and it is out of the lobby.
  await host.getByRole('button', { name: 'Delete the table' }).click();
  await expect(host).toHaveURL(/#\/online$/);
  await guest.goto('/#/online');
  await expect(guest.getByTestId('lobby-table').filter({ hasText: 'Dee’s table' })).toHaveCount(0);
  await guest.goto(link);
  await expect(guest.getByRole('alert')).toHaveText('There is no such table.');
  expect(errors).toEqual([]);
  await Promise.all(contexts.map((context) => context.close()));
});
