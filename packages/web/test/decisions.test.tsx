// @vitest-environment jsdom
/**
 * Every decision the engine can ask has its controls on the table: for every legal move there is
 * a card, a deck, a status-bar button or the Bank card's stepper that plays exactly that move,
 * and nothing else is clickable.
 */
import {
  cardsOf,
  type DecisionKind,
  type GameState,
  moveKey,
  pendingDecision,
  playerAt,
} from '@gangsta/engine';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, i18nReady } from '../src/i18n/index.ts';
import { decidingSeat, first, statesByDecision } from './helpers.ts';
import { renderTable } from './tableFixture.tsx';

let states: Map<DecisionKind, GameState>;

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage('en');
  states = statesByDecision();
});

afterEach(cleanup);

const KINDS: DecisionKind[] = [
  'keepResources',
  'mobilize',
  'action',
  'activate',
  'passDiscard',
  'gangWarDiscard',
];

/** Every enabled control that plays a move. */
function moveControls(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('[data-move-type]')].filter(
    (el) => el.getAttribute('aria-disabled') !== 'true' && !(el as HTMLButtonElement).disabled,
  );
}

describe('the table as the controls', () => {
  it('finds positions for the common decision kinds', () => {
    for (const kind of KINDS) expect(states.has(kind), kind).toBe(true);
  });

  // One render per decision kind (rendering the whole table is the slow part).
  it('offers a control for every legal move of every kind, on cards where cards are concerned, in words', () => {
    for (const [kind, state] of states) {
      if (kind === 'gameOver') continue;
      const { legal, play } = renderTable(state);
      const text = screen.getByTestId('decision').textContent ?? '';
      expect(text, kind).not.toMatch(/\b(decision|move|app|table|cards)\.[a-zA-Z]+/);
      for (const control of moveControls()) {
        const type = control.dataset.moveType ?? '';
        if (['recruit', 'heist', 'activate', 'ready', 'discardMember'].includes(type)) {
          expect(control.classList.contains('gcard'), `${kind}: ${type} on a card`).toBe(true);
        }
        fireEvent.click(control);
      }
      const played = new Set(play.mock.calls.map(([move]) => moveKey(move)));
      const legalKeys = new Set(legal.map(moveKey));
      for (const key of played) expect(legalKeys.has(key), `${kind}: ${key} is legal`).toBe(true);
      for (const move of legal) {
        // Bank amounts are picked with the stepper; resource combinations by clicking cards.
        if (move.type === 'bank' || move.type === 'keepResources') continue;
        expect(played.has(moveKey(move)), `${kind}: a control for ${moveKey(move)}`).toBe(true);
      }
      cleanup();
    }
  });

  it('shows the price of readying a member during mobilization, and a Done button', () => {
    const state = states.get('mobilize')!;
    const { legal } = renderTable(state);
    const decision = pendingDecision(state);
    const ready = legal.find((m) => m.type === 'ready');
    if (ready && decision.kind === 'mobilize') {
      const card = document.querySelector<HTMLElement>(`button[data-card="${ready.member}"]`);
      const expected = decision.freeReadies > 0 ? /\(free\)/ : /for \$1/;
      expect(card?.textContent).toMatch(expected);
    }
    expect(screen.getByRole('button', { name: /End the mobilization/ })).toBeInTheDocument();
  });

  it('puts a heist together on the stage: the heist enlarged, what is still needed, the hint', () => {
    const state = states.get('activate')!;
    renderTable(state);
    const stage = screen.getByTestId('heist-builder');
    expect(stage.textContent).toMatch(/Still needed/);
    expect(stage.textContent).toMatch(/Engage everyone|cannot finish|add opponents/);
    expect(screen.getByRole('button', { name: /Give up this heist/ })).toBeInTheDocument();
    const numbered = document.querySelectorAll('.tcard__order');
    const text = stage.textContent ?? '';
    if (/Engage everyone/.test(text)) expect(numbered.length).toBeGreaterThan(0);
  });

  it('dims recruits the player cannot afford, with the reason', () => {
    const state = states.get('action')!;
    const seat = decidingSeat(state);
    const poor: GameState = structuredClone(state);
    playerAt(poor, seat).cash = 0;
    renderTable(poor, { viewer: seat });
    const costly = poor.recruitRow.filter(
      (id): id is string => id !== null && cardsOf(poor.cards).gangster(id).cost > 0,
    );
    for (const id of costly) {
      const card = document.querySelector<HTMLElement>(`[data-card="${id}"]`);
      expect(card?.getAttribute('aria-disabled'), id).toBe('true');
      expect(card?.textContent).toMatch(/you have \$0/);
    }
    expect(screen.getByRole('button', { name: /^Pass \+\$/ })).toBeInTheDocument();
  });

  it('lets the player keep resource cards by clicking them, then confirming', () => {
    const state = states.get('keepResources')!;
    const { legal, play } = renderTable(state);
    const confirm = screen
      .getAllByRole('button')
      .find((b) => b.dataset.moveType === 'keepResources') as HTMLButtonElement;
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    expect(play).toHaveBeenCalledTimes(1);
    expect(legal.map(moveKey)).toContain(moveKey(first(first(play.mock.calls))));
  });

  it('shows nothing to click when another seat decides', () => {
    const state = states.get('action')!;
    const other = (decidingSeat(state) + 1) % state.players.length;
    renderTable(state, { viewer: other });
    expect(moveControls()).toHaveLength(0);
    expect(screen.getByTestId('decision').textContent).toMatch(/is deciding/);
  });

  it('a spectator sees a read-only table', () => {
    const state = states.get('activate')!;
    renderTable(state, { viewer: null });
    expect(moveControls()).toHaveLength(0);
    expect(
      within(screen.getByTestId('decision')).queryByRole('button', { name: /Hint/ }),
    ).toBeNull();
  });
});
