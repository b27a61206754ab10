// @vitest-environment jsdom
/**
 * A rival's board is read without hovering: every member by their whole name with their skill
 * icons, the icons of each skill the rival has available counted (engaged members bring none),
 * engaged members listed apart and never turned; one click shows the gang full size in a dialog
 * that Escape closes. Choices about a rival (a member to borrow, a player to rob) are made on
 * that board, and only legal moves make controls there.
 */
import {
  type GameState,
  legalMoves,
  type Move,
  pendingDecision,
  playerAt,
  type Seat,
  viewFor,
} from '@gangsta/engine';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, i18nReady } from '../src/i18n/index.ts';
import { PlayerBoard } from '../src/table/widgets/PlayerBoard.tsx';
import { decidingSeat, first, itemOf, playout, statesByDecision } from './helpers.ts';
import { renderTable } from './tableFixture.tsx';

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage('en');
});

afterEach(cleanup);

/** A 4-player game whose seat 1 has a known gang: the Boss B3 (Leader, Mercenary) and two gangsters. */
function knownGang(): GameState {
  const state = playout({ players: 4, seed: 3 }, 5, () => {}, 0);
  const rival = playerAt(state, 1);
  rival.boss = 'B3';
  rival.gang = [
    { id: 'B3', engaged: false },
    // Comrade Samovar: Leader, Mercenary, Hacker — engaged, so none of these is available.
    { id: 'G06', engaged: true },
    // Doña Espina: Leader, Mercenary, Sniper, and a learned Hacker.
    { id: 'G14', engaged: false, learned: 'H' },
  ];
  rival.hospital = [];
  return state;
}

function renderRival(state: GameState, seat: Seat, legal: Move[] = []) {
  const view = viewFor(state, 0);
  const played: Move[] = [];
  const players = state.players.map((p) => ({
    seat: p.seat,
    kind: 'human' as const,
    name: null,
    connected: true,
  }));
  const result = render(
    <PlayerBoard
      view={view}
      seat={seat}
      players={players}
      compact
      states={new Map()}
      legal={legal}
      onPlay={(move) => played.push(move)}
      moveText={(move) => `play ${move.type}`}
    />,
  );
  return { ...result, played };
}

function availableOf(container: HTMLElement): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of container.querySelectorAll<HTMLElement>('.rival__skills li')) {
    out[item.dataset.skill ?? '?'] = Number(item.dataset.available);
  }
  return out;
}

describe("a rival's board", () => {
  it('counts the available icons of each skill: engaged members bring none, a learned skill counts', () => {
    const { container } = renderRival(knownGang(), 1);
    expect(availableOf(container)).toEqual({ L: 2, M: 2, S: 1, H: 1 });
    const list = screen.getByRole('list', { name: 'Available skills' });
    expect(list.textContent).toContain('Leader: 2 available');
    expect(list.textContent).toContain('Hacker: 1 available');
  });

  it('a skill only engaged members have is still listed, with none available', () => {
    const state = knownGang();
    itemOf(playerAt(state, 1).gang, 2).engaged = true;
    const { container } = renderRival(state, 1);
    expect(availableOf(container)).toEqual({ L: 1, M: 1, S: 0, H: 0 });
    expect(container.querySelector('.rival__skills li[data-skill="S"]')?.className).toBe('is-none');
  });

  it('shows every member by whole name, the engaged ones apart and not turned', () => {
    const { container } = renderRival(knownGang(), 1);
    const engaged = screen.getByTestId('rival-engaged');
    expect(within(engaged).getByRole('heading').textContent).toBe('Engaged (1)');
    const samovar = engaged.querySelector<HTMLElement>('[data-card="G06"]');
    expect(samovar?.textContent).toContain('Comrade Samovar');
    expect(samovar?.className).toContain('chip--engaged');
    // The big cards turn an engaged member sideways (`is-engaged`); a chip never does.
    expect(container.querySelector('.is-engaged')).toBeNull();
    expect(samovar?.textContent).toContain('Engaged');
    const gang = screen.getByRole('list', { name: 'Gang' });
    expect(gang.contains(samovar ?? null)).toBe(false);
    expect(within(gang).getByText('Doña Espina')).toBeInTheDocument();
    expect(gang.querySelector('[data-card="B3"]')?.textContent).toContain(i18n.t('gangsters.B3'));
    // A learned skill is drawn and named as learned.
    expect(
      gang.querySelector('[data-card="G14"] [data-skill="H"]')?.getAttribute('aria-label'),
    ).toBe('Hacker (learned)');
  });

  it('one click shows the gang full size in a dialog; Escape and Close close it', () => {
    const { container } = renderRival(knownGang(), 1);
    expect(screen.queryByTestId('gang-dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Show cards/ }));
    const dialog = screen.getByTestId('gang-dialog');
    // Full-size cards, with the engaged member turned as on the table.
    expect(dialog.querySelector('.gcard--chip')).toBeNull();
    expect(dialog.querySelector('[data-card="G06"]')?.className).toContain('is-engaged');
    expect(dialog.querySelectorAll('.board__gang [data-card]')).toHaveLength(3);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByTestId('gang-dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Show cards/ }));
    fireEvent.click(
      within(screen.getByTestId('gang-dialog')).getByRole('button', { name: 'Close' }),
    );
    expect(screen.queryByTestId('gang-dialog')).toBeNull();
    expect(container.querySelector('dialog')).toBeNull();
  });

  it('a player to rob is picked on their board, not in the status bar', () => {
    const state = statesByDecision().get('theft');
    if (!state) throw new Error('no theft decision found');
    const { legal, play } = renderTable(state);
    const targets = legal.filter((m) => m.type === 'target');
    expect(targets.length).toBeGreaterThan(0);
    expect(document.querySelectorAll('.status-bar [data-move-type="target"]')).toHaveLength(0);
    const buttons = document.querySelectorAll<HTMLButtonElement>(
      '.board--compact [data-move-type="target"]',
    );
    expect(buttons).toHaveLength(targets.length);
    for (const move of targets) {
      if (move.type !== 'target') continue;
      const board = document.querySelector(`.board--compact[data-seat="${move.target}"]`);
      expect(board?.querySelector('[data-move-type="target"]')).not.toBeNull();
    }
    fireEvent.click(first(buttons));
    expect(play).toHaveBeenCalledTimes(1);
    expect(play).toHaveBeenCalledWith(expect.objectContaining({ type: 'target' }));
  });

  it("a rival's member a cooperative heist may borrow is a readable chip that plays the move", () => {
    let found: GameState | null = null;
    for (let seed = 1; seed <= 30 && !found; seed++) {
      playout({ players: 3, seed }, seed * 7, (state, legal) => {
        if (found || pendingDecision(state).kind !== 'activate') return;
        const seat = decidingSeat(state);
        const own = new Set(playerAt(state, seat).gang.map((m) => m.id));
        if (legal.some((m) => m.type === 'activate' && !own.has(m.member))) found = state;
      });
    }
    if (!found) throw new Error('no cooperative heist with a rival member to borrow');
    const state: GameState = found;
    const seat = decidingSeat(state);
    const own = new Set(playerAt(state, seat).gang.map((m) => m.id));
    const borrow = legalMoves(state, seat).filter(
      (m): m is Extract<Move, { type: 'activate' }> => m.type === 'activate' && !own.has(m.member),
    );
    const { play } = renderTable(state);
    for (const move of borrow) {
      const chip = document.querySelector<HTMLElement>(
        `.board--compact [data-card="${move.member}"]`,
      );
      expect(chip?.tagName).toBe('BUTTON');
      expect(chip?.className).toContain('gcard--chip');
      expect(chip?.dataset.moveType).toBe('activate');
      expect(chip?.textContent).toContain(i18n.t(`gangsters.${move.member}`));
    }
    // Only legal moves make buttons: no other rival chip is an enabled control.
    const enabled = document.querySelectorAll(
      '.board--compact .gcard--chip[data-move-type]:not([aria-disabled="true"])',
    );
    expect(enabled).toHaveLength(borrow.length);
    const borrowed = first(borrow);
    fireEvent.click(
      document.querySelector(`.board--compact [data-card="${borrowed.member}"]`) as HTMLElement,
    );
    expect(play).toHaveBeenCalledWith(borrowed);
  });
});
