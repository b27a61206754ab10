// @vitest-environment jsdom
/**
 * The welcome screen: Play, Learn to play, Play online and Custom game; "Continue" first when a
 * game is in progress; the name asked once and used for the player's seat; "Play online" says
 * it needs a connection when the device is offline. And the session: a reload at the table
 * resumes the table, a new visit opens on the welcome screen.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Session } from '../src/app/session.ts';
import { Welcome } from '../src/app/welcome/Welcome.tsx';
import type { BotClient } from '../src/bots/botClient.ts';
import { BOT_NAMES } from '../src/game/players.ts';
import { loadPlayerName, rememberAtTable } from '../src/game/storage.ts';
import { i18n, i18nReady } from '../src/i18n/index.ts';

// The online games waiting for the player, as the lazily loaded online code would count them.
const online = vi.hoisted(() => ({ waiting: null as number | null }));
vi.mock('../src/features/online/state/turnCount.ts', () => ({
  turnsWaiting: async () => online.waiting,
}));

// Bots that never answer: these tests look at the table's seats, not at its play.
const silentBots = (): BotClient => ({ ask: () => new Promise(() => {}), dispose() {} });

const ALL_BOT_NAMES = Object.values(BOT_NAMES).flat();

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
});

function renderWelcome(session = new Session({ bots: silentBots, persist: false })) {
  render(<Welcome session={session} />);
  return session;
}

describe('the welcome screen', () => {
  it('offers Play, Learn to play, Play online and Custom game; no Continue without a game', () => {
    renderWelcome();
    const welcome = screen.getByTestId('welcome');
    expect(within(welcome).getByRole('button', { name: /^Play/ })).toBeInTheDocument();
    expect(within(welcome).getByRole('button', { name: /^Learn to play/ })).toBeInTheDocument();
    expect(
      within(welcome)
        .getByRole('link', { name: /^Play online/ })
        .getAttribute('href'),
    ).toBe('#/online');
    expect(within(welcome).getByRole('button', { name: /^Custom game/ })).toBeInTheDocument();
    expect(within(welcome).queryByRole('button', { name: /^Continue/ })).toBeNull();
  });

  it('asks the name once, remembers it, and seats the player under it at Play', () => {
    renderWelcome();
    const field = screen.getByLabelText('What should the table call you?');
    fireEvent.change(field, { target: { value: '  Ann  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(loadPlayerName()).toBe('Ann');
    expect(screen.getByTestId('playing-as').textContent).toContain('Playing as Ann');
    expect(screen.queryByLabelText('What should the table call you?')).toBeNull();
    // Asked once: the next visit greets instead of asking.
    cleanup();
    const session = renderWelcome();
    expect(screen.getByTestId('playing-as').textContent).toContain('Ann');

    act(() => {
      screen.getByTestId('start-game').click();
    });
    const { screen: open, controller } = session.getSnapshot();
    expect(open.name).toBe('table');
    const players = controller?.getSnapshot().players ?? [];
    expect(players.map((p) => p.kind)).toEqual(['human', 'medium', 'medium', 'medium']);
    expect(players[0]?.name).toBe('Ann');
    // Classic rules, and each bot has a name of its own.
    expect(controller?.record().options).toMatchObject({ players: 4 });
    expect(controller?.record().options.families ?? false).toBe(false);
    expect(controller?.record().options.resources ?? false).toBe(false);
    for (const bot of players.slice(1)) expect(ALL_BOT_NAMES).toContain(bot.name);
    session.getSnapshot().controller?.dispose();
  });

  it('puts Continue first when a game is in progress, and it goes back to that table', () => {
    const session = new Session({ bots: silentBots, persist: false });
    session.quickGame();
    const game = session.getSnapshot().controller;
    session.openWelcome();
    renderWelcome(session);
    const buttons = within(screen.getByTestId('welcome')).getAllByRole('button');
    const firstChoice = buttons.find((b) => b.classList.contains('welcome__choice'));
    expect(firstChoice?.textContent).toMatch(/^Continue/);
    act(() => {
      screen.getByTestId('continue-game').click();
    });
    expect(session.getSnapshot().screen.name).toBe('table');
    expect(session.getSnapshot().controller).toBe(game);
    game?.dispose();
  });

  it('Learn to play and Custom game open their screens', () => {
    const session = renderWelcome();
    act(() => screen.getByTestId('learn-to-play').click());
    expect(session.getSnapshot().screen.name).toBe('tutorial');
    act(() => session.openWelcome());
    act(() => screen.getByTestId('custom-game').click());
    expect(session.getSnapshot().screen.name).toBe('newGame');
  });

  it('signed in online, Play online says in how many games it is the player’s turn', async () => {
    online.waiting = 2;
    renderWelcome();
    const link = screen.getByTestId('welcome-online');
    await waitFor(() => expect(link.textContent).toContain('Your turn in 2 games'));
    expect(link.querySelector('.welcome__badge')?.textContent).toBe('2');
    online.waiting = null;
  });

  it('offline, Play online says it needs a connection', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWelcome();
    expect(screen.getByTestId('welcome-online').textContent).toContain(
      'Needs an internet connection',
    );
  });

  it('speaks the chosen language', async () => {
    await act(() => i18n.changeLanguage('de'));
    renderWelcome();
    expect(screen.getByTestId('start-game').textContent).toContain('Spielen');
    expect(screen.getByTestId('custom-game').textContent).toContain('Eigenes Spiel');
    await act(() => i18n.changeLanguage('en'));
  });
});

describe('a name typed but not saved', () => {
  it('seats the player under the typed name at Play, and remembers it', async () => {
    const user = userEvent.setup();
    const session = renderWelcome();
    await user.type(screen.getByLabelText('What should the table call you?'), 'Ann');
    // Straight to Play: Save is never pressed.
    await user.click(screen.getByTestId('start-game'));
    const players = session.getSnapshot().controller?.getSnapshot().players ?? [];
    expect(players[0]?.name).toBe('Ann');
    expect(loadPlayerName()).toBe('Ann');
    session.getSnapshot().controller?.dispose();
    // The next visit greets Ann instead of asking again.
    cleanup();
    renderWelcome();
    expect(screen.getByTestId('playing-as')).toHaveTextContent('Playing as Ann');
  });

  it('a changed name counts without Save; emptying the field keeps the name before', async () => {
    const user = userEvent.setup();
    localStorage.setItem('gangsta.name.v1', 'Ann');
    const session = renderWelcome();
    await user.click(screen.getByRole('button', { name: 'Change name' }));
    const field = screen.getByLabelText('What should the table call you?');
    await user.clear(field);
    expect(loadPlayerName()).toBe('Ann');
    await user.type(field, 'Bea');
    await user.click(screen.getByTestId('start-game'));
    expect(session.getSnapshot().controller?.getSnapshot().players[0]?.name).toBe('Bea');
    session.getSnapshot().controller?.dispose();
  });
});

describe('opening the app with a saved game', () => {
  function savedGame(): void {
    const first = new Session({ bots: silentBots });
    first.quickGame();
    first.getSnapshot().controller?.dispose();
  }

  it('a new visit opens on the welcome screen, with the game behind Continue', () => {
    savedGame();
    rememberAtTable(false); // a new tab: nothing in sessionStorage
    const session = new Session({ bots: silentBots });
    expect(session.resumeSaved()).toBe(true);
    expect(session.getSnapshot().screen.name).toBe('welcome');
    expect(session.getSnapshot().controller).not.toBeNull();
    session.getSnapshot().controller?.dispose();
  });

  it('a reload at the table goes back to the table', () => {
    savedGame(); // the game started at its table: this tab remembers it
    const session = new Session({ bots: silentBots });
    expect(session.resumeSaved()).toBe(true);
    expect(session.getSnapshot().screen.name).toBe('table');
    session.getSnapshot().controller?.dispose();
  });
});
