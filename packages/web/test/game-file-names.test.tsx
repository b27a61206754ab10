// @vitest-environment jsdom
/**
 * Names in saved games: a game saved to a file and opened again shows its players as the table
 * did (the person's name, each bot's own name beside its level badge), not "Player 4 (bot,
 * medium)"; a file written before names opens with the default names; a damaged file is still
 * refused with its reason.
 */
import { createBot, playGame } from '@gangsta/bots';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ImportGame } from '../src/app/ImportGame.tsx';
import ReplayViewer from '../src/app/ReplayScreen.tsx';
import { Session } from '../src/app/session.ts';
import type { BotClient } from '../src/bots/botClient.ts';
import { serializeRecord } from '../src/game/record.ts';
import { i18n, i18nReady } from '../src/i18n/index.ts';

const silentBots = (): BotClient => ({ ask: () => new Promise(() => {}), dispose() {} });

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage('en');
});

afterEach(() => cleanup());

/** A finished 3-player game between heuristic players. */
const { record } = playGame({ players: 3, seed: 5 }, [
  createBot({ kind: 'heuristic', seed: 1 }),
  createBot({ kind: 'heuristic', seed: 2 }),
  createBot({ kind: 'heuristic', seed: 3 }),
]);

async function importFile(session: Session, text: string) {
  render(<ImportGame session={session} />);
  const file = new File([text], 'game.json', { type: 'application/json' });
  await act(async () => {
    fireEvent.change(screen.getByTestId('import-file'), { target: { files: [file] } });
  });
}

function renderReplay(session: Session) {
  const open = session.getSnapshot().screen;
  if (open.name !== 'replay') throw new Error(`the replay is not open: ${open.name}`);
  cleanup();
  render(<ReplayViewer session={session} record={open.record} players={open.players} />);
}

describe('a saved game file keeps the players’ names', () => {
  it('the replay of an imported file names every player as the table did', async () => {
    const session = new Session({ bots: silentBots, persist: false });
    const text = serializeRecord(record, [
      { kind: 'human', name: 'Ann' },
      { kind: 'medium', name: 'Rosa Vitale' },
      { kind: 'hard', name: 'Mei Chow' },
    ]);
    await importFile(session, text);
    await waitFor(() => expect(session.getSnapshot().screen.name).toBe('replay'));
    renderReplay(session);
    const replay = screen.getByTestId('replay');
    for (const name of ['Ann', 'Rosa Vitale', 'Mei Chow']) {
      expect([...replay.querySelectorAll('.board__player')].map((n) => n.textContent)).toContain(
        name,
      );
    }
    expect(replay).not.toHaveTextContent(/Player \d/);
    // Each bot keeps its level badge.
    expect([...replay.querySelectorAll('.level-badge')].map((b) => b.textContent)).toEqual([
      'Bot: medium',
      'Bot: hard',
    ]);
  });

  it('a file written before names opens, with the default names', async () => {
    const session = new Session({ bots: silentBots, persist: false });
    await importFile(session, serializeRecord(record));
    await waitFor(() => expect(session.getSnapshot().screen.name).toBe('replay'));
    renderReplay(session);
    const names = [...document.querySelectorAll('.board__player')].map((n) => n.textContent);
    expect(names).toEqual(['Player 1', 'Player 2', 'Player 3']);
  });

  it('a damaged file is refused with its reason', async () => {
    const session = new Session({ bots: silentBots, persist: false });
    const data = JSON.parse(
      serializeRecord(record, [
        { kind: 'human', name: 'Ann' },
        { kind: 'medium', name: 'Rosa Vitale' },
        { kind: 'hard', name: 'Mei Chow' },
      ]),
    );
    data.players[2].name = 42;
    await importFile(session, JSON.stringify(data));
    expect(await screen.findByRole('alert')).toHaveTextContent('players.2.name');
    expect(session.getSnapshot().screen.name).not.toBe('replay');
  });
});
