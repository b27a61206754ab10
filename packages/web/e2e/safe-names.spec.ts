/**
 * Spoofing names, in a real browser against the real server. The server refuses a name that
 * starts with a right-to-left override (U+202E), but a name stored before that check may still
 * reach a page: the test puts one into the socket's stream (Playwright's WebSocket routing) and
 * measures where the words of the next text land. In an isolated run (`<bdi>`) the chat text
 * reads left to right, "I" before "Alice"; the same markup without isolation, drawn beside it
 * as a control, reads reversed, which shows that the measurement can tell. Then screenshots:
 * the chat with that name, the line's moderation menu, and My games with two tables of one
 * name, at 1440×900 and 390×844, in English and German.
 */
import { expect, type Page, test } from '@playwright/test';
import { SCREENSHOTS } from './helpers.ts';

const SPOOF = '\u202EMallory';
const TEXT = 'I paid $5 to Alice after reload';

interface Made {
  id: string;
  name: string;
  token: string;
}

async function player(page: Page, name: string): Promise<Made> {
  const answer = await page.request.post('/api/v1/players', { data: { name } });
  const body = (await answer.json()) as { player: { id: string; name: string }; token: string };
  return { ...body.player, token: body.token };
}

async function table(page: Page, who: Made, name: string, players = 2): Promise<string> {
  const seats = [
    { kind: 'host' },
    ...Array.from({ length: players - 1 }, () => ({ kind: 'open' })),
  ];
  const answer = await page.request.post('/api/v1/tables', {
    headers: { authorization: `Bearer ${who.token}` },
    data: {
      name,
      public: true,
      options: { players },
      seats,
      clock: { kind: 'turn', perMoveMs: 86_400_000 },
    },
  });
  return ((await answer.json()) as { table: { id: string } }).table.id;
}

/** The page knows this player (as after giving a name), in this language. */
async function signIn(page: Page, who: Made, language: string): Promise<void> {
  await page.addInitScript(
    ({ identity, language }) => {
      localStorage.setItem('gangsta.online.v1', JSON.stringify(identity));
      localStorage.setItem('gangsta.language', language);
    },
    {
      identity: { token: who.token, player: { id: who.id, name: who.name }, account: null },
      language,
    },
  );
}

/** Passes the socket through, and adds a chat line from a stored spoofing name after the sync. */
async function injectLegacyLine(page: Page, tableId: string): Promise<void> {
  await page.routeWebSocket(/\/api\/v1\/ws$/, (socket) => {
    const server = socket.connectToServer();
    server.onMessage((message) => {
      socket.send(message);
      const frame = JSON.parse(String(message)) as { type: string; table?: string };
      if (frame.type === 'sync' && frame.table === tableId) {
        socket.send(
          JSON.stringify({
            type: 'chat',
            table: tableId,
            line: {
              from: SPOOF,
              seat: null,
              text: TEXT,
              at: new Date().toISOString(),
              seq: 999,
              playerId: 'stored-before-the-check',
            },
          }),
        );
      }
    });
  });
}

/** The left edges of the first word and of the last word of an element's text. */
async function wordEdges(page: Page, selector: string) {
  return page.locator(selector).evaluate((element, text) => {
    const node = [...element.childNodes].find((n) => n.textContent === text) ?? element.firstChild;
    const range = document.createRange();
    const box = (from: number, to: number) => {
      range.setStart(node as Node, from);
      range.setEnd(node as Node, to);
      return range.getBoundingClientRect().left;
    };
    return { first: box(0, 1), last: box(text.length - 5, text.length) };
  }, TEXT);
}

for (const [language, viewport] of [
  ['en', { width: 1440, height: 900 }],
  ['en', { width: 390, height: 844 }],
  ['de', { width: 1440, height: 900 }],
  ['de', { width: 390, height: 844 }],
] as const) {
  test(`a spoofing name does not reverse the chat text (${language}, ${viewport.width})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const alice = await player(page, 'Alice');
    const tableId = await table(page, alice, 'Friends night');
    await table(page, alice, 'Friends night', 3);
    await signIn(page, alice, language);
    await injectLegacyLine(page, tableId);
    await page.goto(`/#/online/t/${tableId}`);
    const line = page.getByTestId('chat-line').filter({ hasText: 'Alice after reload' });
    await expect(line).toBeVisible();
    await expect(line.locator('bdi.chat-from')).toHaveText(SPOOF);

    const isolated = await wordEdges(page, '[data-testid="chat-line"] bdi.chat-text');
    expect(isolated.first).toBeLessThan(isolated.last);
    // The name's box is before the text's, on the same line (left to right).
    const from = await line.locator('bdi.chat-from').boundingBox();
    const text = await line.locator('bdi.chat-text').boundingBox();
    expect(from && text && from.x < text.x).toBe(true);

    // The control: the same two runs as plain spans (no isolation) read reversed.
    await page.evaluate(
      ({ name, text }) => {
        const li = document.createElement('li');
        li.id = 'unisolated';
        const from = document.createElement('span');
        from.textContent = name;
        const words = document.createElement('span');
        words.id = 'unisolated-text';
        words.textContent = text;
        li.append(from, ' ', words);
        document.querySelector('.chat-lines')?.append(li);
      },
      { name: SPOOF, text: TEXT },
    );
    const plain = await wordEdges(page, '#unisolated-text');
    expect(plain.first).toBeGreaterThan(plain.last);
    await page.evaluate(() => document.getElementById('unisolated')?.remove());

    const size = `${viewport.width}-${language}`;
    await line.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/chat-spoof-${size}.png` });
    await line.getByRole('button').click();
    await expect(page.getByTestId('chat-line-menu')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/chat-menu-${size}.png` });

    await page.goto('/#/online/games');
    await expect(page.getByTestId('my-game')).toHaveCount(2);
    await expect(page.getByTestId('my-game-meta').first()).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/my-games-${size}.png`, fullPage: true });
  });
}
