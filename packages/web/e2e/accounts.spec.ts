/**
 * Accounts through the UI against the real server: a guest gives a name, creates a table with
 * a bot seat and starts it, then turns the identity into an account on the online home. A
 * second browser context (another device) logs in with the username and password, opens
 * "My games", finds the game and opens it at the same seat (not as a spectator). Logging out
 * there leaves that device anonymous again. Run alone: `E2E_PORT=5301 npx playwright test
 * e2e/accounts.spec.ts`.
 */
import { expect, type Page, test } from '@playwright/test';
import { closeOpenedContexts } from './helpers.ts';

closeOpenedContexts();

const USERNAME = 'ann_e2e';
const PASSWORD = 'a long enough secret';

function collectErrors(page: Page, errors: string[]): Page {
  page.on('pageerror', (error) => errors.push(String(error)));
  return page;
}

test('a guest becomes an account, logs in on a second device and finds the game there', async ({
  browser,
}) => {
  const errors: string[] = [];
  const first = collectErrors(await (await browser.newContext()).newPage(), errors);
  await first.goto('/#/online');
  await first.getByLabel('Your name').fill('Ann');
  await first.getByRole('button', { name: 'Continue' }).click();
  await expect(first.getByText('You play as Ann.')).toBeVisible();

  // A table with a bot opposite, started at once.
  await first.getByTestId('create-table').click();
  await first.getByText('2 players', { exact: true }).click();
  await first.getByLabel('Player 2', { exact: true }).selectOption('bot-easy');
  await first.getByLabel('Table name').fill('Ann against the bot');
  await first.getByTestId('create-submit').click();
  await expect(first.getByTestId('waiting-room')).toBeVisible();
  const tableUrl = first.url();
  await first.getByTestId('start-online').click();
  await expect(first.locator('.table-screen')).toBeVisible();
  await expect(first.getByTestId('watching')).toHaveCount(0);

  // Back on the online home: the guest identity becomes an account.
  await first.goto('/#/online');
  const account = first.getByTestId('account');
  const create = account.getByTestId('create-account-form');
  await create.getByLabel('Username').fill(USERNAME);
  await create.getByLabel('Password').fill(PASSWORD);
  await create.getByRole('button', { name: 'Create an account' }).click();
  await expect(account.getByTestId('signed-in-as')).toHaveText(`Signed in as ${USERNAME}.`);
  // The browser keeps no token now: the HttpOnly session cookie, out of the page's reach.
  const stored = await first.evaluate(() => localStorage.getItem('gangsta.online.v1'));
  expect(JSON.parse(stored ?? '{}').token).toBeNull();
  expect(await first.evaluate(() => document.cookie)).not.toContain('gangsta_session');
  // Still the same player at the table.
  await first.goto(tableUrl);
  await expect(first.locator('.table-screen')).toBeVisible();
  await expect(first.getByTestId('watching')).toHaveCount(0);

  // Another device: log in, open My games, find the game and sit down at it.
  const second = collectErrors(await (await browser.newContext()).newPage(), errors);
  await second.goto('/#/online');
  const login = second.getByTestId('account').getByTestId('login-form');
  await login.getByLabel('Username').fill(USERNAME);
  await login.getByLabel('Password').fill('not the password');
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(login.getByRole('alert')).toHaveText('The username or the password is wrong.');
  await login.getByLabel('Password').fill(PASSWORD);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(second.getByTestId('signed-in-as')).toHaveText(`Signed in as ${USERNAME}.`);
  await expect(second.getByText('You play as Ann.')).toBeVisible();

  await second.getByTestId('my-games-link').click();
  const games = second.getByTestId('my-games');
  await expect(games).toBeVisible();
  const row = games.getByTestId('my-game').filter({ hasText: 'Ann against the bot' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Ann (you)');
  await expect(row).toContainText(/Your turn|Waiting for Bot \(easy\)/);
  if ((await row.getAttribute('data-your-turn')) === 'true') {
    await expect(second).toHaveTitle(/^\(1\) Your turn — Gangsta!$/);
  }
  await row.getByRole('link', { name: 'Ann against the bot' }).click();
  await expect(second).toHaveURL(tableUrl);
  await expect(second.locator('.table-screen')).toBeVisible();
  await expect(second.getByTestId('watching')).toHaveCount(0);
  await expect(second.getByRole('status').filter({ hasText: /^Online$/ })).toBeVisible();

  // The table's menu leads back to My games; logging out leaves the device anonymous.
  await second.getByRole('link', { name: 'My games' }).click();
  await expect(second.getByTestId('my-games')).toBeVisible();
  await second.goto('/#/online');
  await second.getByRole('button', { name: 'Log out' }).click();
  await expect(second.getByTestId('account').getByTestId('login-form')).toBeVisible();
  await expect(second.getByText('You play as Ann.')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('at one table, a turn waiting in another of the player’s games is shown', async ({ page }) => {
  await page.goto('/#/online');
  await page.getByLabel('Your name').fill('Cleo');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('You play as Cleo.')).toBeVisible();
  const stored = await page.evaluate(() => localStorage.getItem('gangsta.online.v1'));
  const token = JSON.parse(stored ?? '{}').token as string;
  const headers = { authorization: `Bearer ${token}` };
  const tables: string[] = [];
  for (const name of ['Game one', 'Game two']) {
    const created = await page.request.post('/api/v1/tables', {
      headers,
      data: {
        name,
        public: false,
        options: { players: 2 },
        seats: [{ kind: 'host' }, { kind: 'bot', level: 'easy' }],
      },
    });
    const id = (await created.json()).table.id as string;
    expect((await page.request.post(`/api/v1/tables/${id}/start`, { headers })).ok()).toBe(true);
    tables.push(id);
  }
  // The bots move at once: soon both games wait for Cleo. At the first one, the second is named.
  const waitingForCleo = async () => {
    const answer = await page.request.get('/api/v1/me/games', { headers });
    const { games } = (await answer.json()) as { games: { yourTurn: boolean }[] };
    return games.filter((game) => game.yourTurn).length;
  };
  await expect.poll(waitingForCleo).toBe(2);
  await page.goto(`/#/online/t/${tables[0]}`);
  await expect(page.locator('.table-screen')).toBeVisible();
  await expect(page.getByTestId('other-turns')).toContainText('Your turn in another game');
  await page.getByTestId('other-turns').getByRole('link', { name: 'My games' }).click();
  await expect(page).toHaveURL(/#\/online\/games$/);
});
