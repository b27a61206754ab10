// @vitest-environment jsdom
/**
 * The opening resource keep (Resources variant): the chosen card is marked in words and not
 * only by a ring, a click picks another one, the button says how many it keeps in the right
 * plural, and a hint marks the card it would keep.
 */
import { createGame, type GameState, type Move, playerAt } from '@gangsta/engine';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, i18nReady } from '../src/i18n/index.ts';
import { TableScreen } from '../src/table/TableScreen.tsx';
import type { TableSnapshot, TableSource } from '../src/table/tableSource.ts';
import { itemOf } from './helpers.ts';
import { snapshotOf } from './tableFixture.tsx';

function resourceGame(expert: boolean): GameState {
  const created = createGame({ players: 2, seed: 9, resources: true, expertResources: expert });
  if (!created.ok) throw new Error(created.error.message);
  return created.state;
}

function show(snapshot: TableSnapshot) {
  const play = vi.fn<(move: Move) => boolean>(() => true);
  const source: TableSource = {
    mode: 'local',
    subscribe: () => () => {},
    getSnapshot: () => snapshot,
    play,
    undo: () => false,
    confirmPass: () => {},
    clearError: () => {},
    requestHint: async () => {},
    record: () => null,
  };
  render(<TableScreen source={source} menu={() => null} />);
  return { play };
}

/** The dealt resource cards on the stage, in order, and which of them are marked as kept. */
function dealtCards() {
  const list = screen.getByRole('list', { name: 'Resource cards dealt to you' });
  // The slots only (a card's icons are list items too).
  return [...list.querySelectorAll<HTMLElement>(':scope > li')].map((item) => ({
    id: item.querySelector('[data-card]')?.getAttribute('data-card') ?? '',
    kept: item.classList.contains('is-chosen') && within(item).queryByText('Kept') !== null,
    hinted: item.querySelector('.gcard')?.classList.contains('hinted') ?? false,
    button: item.querySelector('button') as HTMLButtonElement,
  }));
}

describe('the resource keep', () => {
  beforeAll(async () => {
    await i18nReady;
    await i18n.changeLanguage('en');
  });
  afterEach(cleanup);

  it('marks the chosen card in words, lets a click pick another, and says "card" for one', () => {
    const state = resourceGame(false);
    const { play } = show(snapshotOf(state, { viewer: 0 }));
    const before = dealtCards();
    expect(before.length).toBeGreaterThan(1);
    expect(before.map((c) => c.kept)).toEqual(before.map((_, i) => i === 0));
    const keep = screen.getByRole('button', { name: 'Keep the chosen card' });
    const second = itemOf(before, 1);
    fireEvent.click(second.button);
    expect(dealtCards().map((c) => c.kept)).toEqual(before.map((_, i) => i === 1));
    expect(keep).toBeEnabled();
    fireEvent.click(keep);
    expect(play).toHaveBeenCalledWith({ type: 'keepResources', seat: 0, cards: [second.id] });
  });

  it('says how many cards it keeps in the expert deal', () => {
    show(snapshotOf(resourceGame(true), { viewer: 0 }));
    expect(screen.getByRole('button', { name: 'Keep the 2 chosen cards' })).toBeInTheDocument();
  });

  it('a hint marks the card it would keep', () => {
    const state = resourceGame(false);
    const snapshot = snapshotOf(state, { viewer: 0 });
    const dealt = playerAt(state, 0).dealt;
    const move: Move = { type: 'keepResources', seat: 0, cards: [itemOf(dealt, 1)] };
    show({ ...snapshot, hint: { status: 'ready', moveCount: 0, move } });
    expect(dealtCards().map((c) => c.hinted)).toEqual(dealt.map((_, i) => i === 1));
  });
});
