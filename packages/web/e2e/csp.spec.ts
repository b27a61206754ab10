/**
 * The web client under the server's Content-Security-Policy (packages/server/src/security/
 * headers.ts): a local game against a bot (its Web Worker), the rules, the tutorial and the
 * online lobby with its WebSocket, with every CSP violation recorded — the page's
 * `securitypolicyviolation` events (listened to from before the app's first script) and the
 * console's "Refused to…" lines, which also carry a worker's. None may occur. At the end a
 * deliberate inline script proves that the recorder hears a violation when there is one.
 */
import { expect, type Page, test } from '@playwright/test';
import { goHome, instantBots, newGame, openMenu, rng, step } from './helpers.ts';

const CANARY = 'window.__cspCanary = 1';

async function recordViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__cspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __cspViolation: (text: string) => void })
        .__cspViolation;
      report(
        `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber} ${event.sample}`,
      );
    });
  });
  page.on('console', (message) => {
    const text = message.text();
    if (
      /Content Security Policy|Refused to (load|execute|connect|apply|create|evaluate)/.test(text)
    )
      violations.push(`console: ${text}`);
  });
  return violations;
}

test('the app runs under its Content-Security-Policy without a single violation', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  const violations = await recordViolations(page);
  await instantBots(page);

  // The policy is really there (else this test could not fail).
  const first = await page.goto('/');
  const csp = first?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('unsafe-inline');

  // A local game against a bot: its Web Worker plays.
  await newGame(page, ['human', 'easy'], { seed: 11 });
  const random = rng(5);
  for (let i = 0; i < 10; i++) {
    if ((await step(page, random)) === 'over') break;
  }
  await expect(page.getByTestId('turn')).not.toHaveAttribute('data-turn', '0');

  // The rules.
  await (await openMenu(page)).getByRole('button', { name: 'Rules' }).click();
  await expect(page.getByRole('button', { name: 'Close the rules' })).toBeVisible();
  await page.getByRole('button', { name: 'Close the rules' }).click();

  // The tutorial.
  await goHome(page);
  await (await openMenu(page)).getByRole('button', { name: 'Learn to play' }).click();
  await expect(page.getByTestId('coach')).toBeVisible();

  // The online lobby, with the WebSocket open and welcomed (connect-src).
  const frames: string[] = [];
  page.on('websocket', (ws) => {
    if (ws.url().endsWith('/api/v1/ws'))
      ws.on('framereceived', (frame) => frames.push(String(frame.payload)));
  });
  await page.goto('/#/online');
  await page.getByLabel('Your name').fill('Csp');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('You play as Csp.')).toBeVisible();
  await expect(page.getByTestId('lobby')).toBeVisible();
  await expect.poll(() => frames.some((frame) => frame.includes('"welcome"'))).toBe(true);

  expect(violations, 'CSP violations while using the app').toEqual([]);
  expect(errors).toEqual([]);

  // The canary: an inline script is refused, and the recorder hears it.
  await page.evaluate((code) => {
    const script = document.createElement('script');
    script.textContent = code;
    document.body.append(script);
  }, CANARY);
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(violations.some((v) => v.includes('script-src'))).toBe(true);
  expect(
    await page.evaluate(() => (window as { __cspCanary?: number }).__cspCanary),
  ).toBeUndefined();
});
