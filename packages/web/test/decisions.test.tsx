// @vitest-environment jsdom
/**
 * The decision controls: for every kind of decision the engine can ask, the panel offers a
 * control for each legal move, and a click plays exactly that move.
 */
import {
  cardsOf,
  type DecisionKind,
  type GameState,
  legalMoves,
  type Move,
  moveKey,
  pendingDecision,
  viewFor,
} from '@gangsta/engine';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, i18nReady } from '../src/i18n/index.ts';
import type { TextContext } from '../src/text/context.ts';
import { describeMove } from '../src/text/moves.ts';
import { DecisionPanel } from '../src/ui/decision/DecisionPanel.tsx';
import { decidingSeat, statesByDecision } from './helpers.ts';

let states: Map<DecisionKind, GameState>;

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage('en');
  states = statesByDecision();
});

afterEach(cleanup);

function renderPanel(state: GameState, seat = decidingSeat(state)) {
  const view = viewFor(state, seat);
  const legal = legalMoves(state, seat);
  const ctx: TextContext = {
    t: i18n.t,
    cards: cardsOf(view.cards),
    seats: view.players.map(() => 'human'),
    viewer: seat,
  };
  const play = vi.fn<(move: Move) => void>();
  const decision = pendingDecision(state);
  render(
    <DecisionPanel
      ctx={ctx}
      view={view}
      decision={decision}
      legal={legal}
      play={play}
      moveText={(move) => describeMove(ctx, view, decision, move)}
      thinking={null}
      canUndo={false}
      onUndo={() => {}}
      hint={{ status: 'idle' }}
      onHint={() => {}}
      error={null}
    />,
  );
  return { view, legal, play, decision };
}

const KINDS: DecisionKind[] = [
  'keepResources',
  'mobilize',
  'action',
  'activate',
  'passDiscard',
  'gangWarDiscard',
];

describe('decision panel', () => {
  it('finds positions for the common decision kinds', () => {
    for (const kind of KINDS) expect(states.has(kind), kind).toBe(true);
  });

  it('offers a control for every legal move of every decision kind found, and plays it', () => {
    for (const [kind, state] of states) {
      if (kind === 'gameOver') continue;
      const { legal, play } = renderPanel(state);
      const panel = screen.getByTestId('decision');
      const buttons = within(panel)
        .queryAllByRole('button')
        .filter((b) => b.dataset.moveType !== undefined && b.dataset.moveType !== 'bank');
      for (const button of buttons) fireEvent.click(button);
      const played = new Set(play.mock.calls.map(([move]) => moveKey(move)));
      const legalKeys = new Set(legal.map(moveKey));
      for (const key of played) expect(legalKeys.has(key), `${kind}: ${key} is legal`).toBe(true);
      for (const move of legal) {
        if (move.type === 'bank') continue;
        expect(played.has(moveKey(move)), `${kind}: a control for ${moveKey(move)}`).toBe(true);
      }
      cleanup();
    }
  });

  it('says in words what the decision asks, with no raw message ids', () => {
    for (const [kind, state] of states) {
      if (kind === 'gameOver') continue;
      renderPanel(state);
      const text = screen.getByTestId('decision').textContent ?? '';
      expect(text, kind).not.toMatch(/\b(decision|move|app|table)\.[a-zA-Z]+/);
      cleanup();
    }
  });

  it('shows the price of readying a member during mobilization', () => {
    const state = states.get('mobilize')!;
    const { legal } = renderPanel(state);
    const decision = pendingDecision(state);
    const ready = legal.filter((m) => m.type === 'ready');
    if (ready.length > 0 && decision.kind === 'mobilize') {
      const expected = decision.freeReadies > 0 ? /\(free\)/ : /for \$1/;
      const button = screen.getAllByRole('button').find((b) => b.dataset.moveType === 'ready');
      expect(button?.textContent).toMatch(expected);
    }
    expect(screen.getByRole('button', { name: /End the mobilization/ })).toBeTruthy();
  });

  it('puts a heist together: remaining icons, the hint, and reasons for members that cannot join', () => {
    const state = states.get('activate')!;
    renderPanel(state);
    const panel = screen.getByTestId('decision');
    expect(panel.textContent).toMatch(/Still needed/);
    expect(panel.textContent).toMatch(/Engage everyone|cannot finish/);
    expect(within(panel).getByRole('button', { name: /Give up this heist/ })).toBeTruthy();
  });

  it('lists recruits the player cannot afford with the reason', () => {
    const state = states.get('action')!;
    const seat = decidingSeat(state);
    const poor: GameState = structuredClone(state);
    poor.players[seat].cash = 0;
    renderPanel(poor, seat);
    const text = screen.getByTestId('decision').textContent ?? '';
    const affordable = poor.recruitRow.filter(
      (id) => id && cardsOf(poor.cards).gangster(id).cost === 0,
    );
    if (affordable.length < poor.recruitRow.filter(Boolean).length)
      expect(text).toMatch(/you have \$0/);
    expect(screen.getByRole('button', { name: /^Pass and collect/ })).toBeTruthy();
  });

  it('lets the player keep resource cards, showing the dealt cards', () => {
    const state = states.get('keepResources')!;
    const { legal, play } = renderPanel(state);
    const buttons = screen
      .getAllByRole('button')
      .filter((b) => b.dataset.moveType === 'keepResources');
    expect(buttons.length).toBe(legal.length);
    fireEvent.click(buttons[0]);
    expect(play).toHaveBeenCalledWith(legal[0]);
  });

  it('shows nothing to click when another seat decides', () => {
    const state = states.get('action')!;
    const other = (decidingSeat(state) + 1) % state.players.length;
    renderPanel(state, other);
    const panel = screen.getByTestId('decision');
    expect(within(panel).queryAllByRole('button')).toHaveLength(0);
    expect(panel.textContent).toMatch(/Waiting for Seat/);
  });
});
