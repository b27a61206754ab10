// @vitest-environment jsdom
/**
 * The table's rules of highlighting and the status bar: a card is highlighted and clickable
 * exactly when a legal move names it; every other card the decision is about is dimmed and says
 * why; the status bar says what to do (or who is deciding) with only the non-card buttons.
 */
import {
  cardsNamed,
  type DecisionKind,
  type GameState,
  legalMoves,
  type Move,
  pendingDecision,
  viewFor,
} from '@gangsta/engine';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { passIncome } from '../src/game/derive.ts';
import { i18n, i18nReady } from '../src/i18n/index.ts';
import { BankControl, type BankMove } from '../src/table/decision/BankControl.tsx';
import { changes } from '../src/table/motion/Deltas.tsx';
import { bannerFor } from '../src/table/motion/useTableMoments.ts';
import { CARD_MOVE_TYPES, cardStates, missingIcons } from '../src/table/widgets/cardStates.ts';
import { decidingSeat, first, statesByDecision } from './helpers.ts';
import { renderTable } from './tableFixture.tsx';

let states: Map<DecisionKind, GameState>;

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage('en');
  states = statesByDecision();
});

afterEach(cleanup);

/** Ids of the cards the legal moves play on (one card, one move). */
function cardMoveIds(legal: readonly Move[], withChoices = false): Set<string> {
  const onCards = (m: Move) =>
    CARD_MOVE_TYPES.has(m.type) || (withChoices && m.type === 'keepResources');
  return new Set(legal.filter(onCards).flatMap(cardsNamed));
}

function idsOf(selector: string): Set<string> {
  return new Set(
    [...document.querySelectorAll<HTMLElement>(selector)].map((el) => el.dataset.card ?? ''),
  );
}

describe('card states', () => {
  it('a card is legal exactly when a legal move names it; blocked cards have a known reason', () => {
    for (const [kind, state] of states) {
      const seat = decidingSeat(state);
      if (seat < 0) continue;
      const view = viewFor(state, seat);
      const legal = legalMoves(state, seat);
      const found = cardStates(view, pendingDecision(state), legal);
      const named = cardMoveIds(legal);
      for (const [id, cardState] of found) {
        if (cardState.kind === 'legal') expect(named.has(id), `${kind}: ${id}`).toBe(true);
        else
          expect(i18n.exists(`table.why.${cardState.reason.key}`), cardState.reason.key).toBe(true);
      }
      for (const id of named) expect(found.get(id)?.kind, `${kind}: ${id}`).toBe('legal');
    }
  });

  it('coached (tutorial): only the offered move is legal, every other card says to follow the coach', () => {
    const state = states.get('action')!;
    const seat = decidingSeat(state);
    const view = viewFor(state, seat);
    const all = legalMoves(state, seat);
    const scripted = all.find((m) => m.type === 'recruit')!;
    const found = cardStates(view, pendingDecision(state), [scripted], true);
    const legalIds = [...found].filter(([, s]) => s.kind === 'legal').map(([id]) => id);
    expect(legalIds).toEqual(cardsNamed(scripted));
    const reasons = [...found.values()].flatMap((s) =>
      s.kind === 'blocked' ? [s.reason.key] : [],
    );
    expect(reasons.length).toBeGreaterThan(0);
    expect(new Set(reasons)).toEqual(new Set(['coach']));
  });

  it('names the icons nobody in the gang has', () => {
    const state = states.get('action')!;
    const view = viewFor(state, decidingSeat(state));
    expect(missingIcons(['H', 'H'], [], view)).toEqual(['H', 'H']);
  });
});

describe('highlighting on the rendered table', () => {
  it('highlighted ↔ legal, and each dimmed card says why', () => {
    for (const [kind, state] of states) {
      if (kind === 'gameOver') continue;
      const { legal } = renderTable(state);
      const clickable = idsOf('button.gcard.is-legal:not([aria-disabled="true"])');
      const onTable = idsOf('[data-card]');
      // The dealt resource cards are chosen by clicking them too.
      const expected = new Set([...cardMoveIds(legal, true)].filter((id) => onTable.has(id)));
      expect([...clickable].sort(), kind).toEqual([...expected].sort());
      for (const dimmed of document.querySelectorAll<HTMLElement>('.gcard.is-dimmed')) {
        expect(dimmed.getAttribute('aria-disabled'), kind).toBe('true');
        const reason = dimmed.querySelector('.card-reason')?.textContent ?? '';
        expect(reason.length, `${kind}: reason of ${dimmed.dataset.card}`).toBeGreaterThan(3);
      }
      cleanup();
    }
  });

  it('marks the heists the player can do alone at the start of the turn', () => {
    const state = states.get('action')!;
    const { legal } = renderTable(state);
    const heists = legal.filter((m) => m.type === 'heist');
    const badges = document.querySelectorAll('.tcard__badge');
    expect(badges.length).toBe(heists.length);
  });
});

describe('status bar', () => {
  it('says to choose an action, with a Pass button that names the income', () => {
    const state = states.get('action')!;
    const seat = decidingSeat(state);
    renderTable(state);
    expect(screen.getByRole('heading', { level: 2, name: /Choose an action/ })).toBeInTheDocument();
    const income = passIncome(viewFor(state, seat), seat);
    expect(screen.getByRole('button', { name: `Pass +$${income}` })).toBeInTheDocument();
  });

  it('in the heist builder: which heist and what is still needed', () => {
    const state = states.get('activate')!;
    renderTable(state);
    expect(
      screen.getByRole('heading', {
        level: 2,
        name: /^(Player \d’s turn\. )?Add members to .+: .+ still needed\.$|is complete/,
      }),
    ).toBeInTheDocument();
  });

  it('for a snitch: the value and what to do', () => {
    const state = states.get('snitchDiscard');
    expect(state, 'a snitch position is found').toBeDefined();
    renderTable(state!);
    expect(
      screen.getByRole('heading', {
        level: 2,
        name: /^(Player \d’s turn\. )?Discard a member: snitch of value \d; your Informants: \d+, and your cash \(\$\d+\) did not cover the \$\d+ owed\.$/,
      }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('snitch-stage')).toBeInTheDocument();
  });

  it('on others’ turns says who is thinking, by name and level, with nothing to click', () => {
    const state = states.get('action')!;
    const seat = decidingSeat(state);
    const viewer = (seat + 1) % state.players.length;
    const seats = state.players.map((_, s) => (s === seat ? 'hard' : 'human') as 'hard' | 'human');
    renderTable(state, { viewer, seats, thinking: seat });
    expect(
      screen.getByRole('heading', {
        level: 2,
        name: `Player ${seat + 1} (bot, hard) is thinking… (choose an action)`,
      }),
    ).toBeInTheDocument();
    expect(document.querySelectorAll('[data-move-type]')).toHaveLength(0);
  });

  it('uses the players’ names on the boards and in the status line', () => {
    const state = states.get('action')!;
    const seat = decidingSeat(state);
    const names = state.players.map((_, s) => (s === seat ? 'Rosa' : null));
    renderTable(state, { viewer: (seat + 1) % state.players.length, names });
    expect(
      screen.getByRole('heading', { level: 2, name: /^Rosa is deciding/ }),
    ).toBeInTheDocument();
    // The status line and Rosa's board.
    expect(screen.getAllByRole('heading', { level: 2, name: /Rosa/ })).toHaveLength(2);
  });

  it('while a move awaits the server, nothing can be clicked and the bar is busy', () => {
    const state = states.get('action')!;
    renderTable(state, { pending: true });
    const enabled = [
      ...document.querySelectorAll<HTMLButtonElement>('button[data-move-type]'),
    ].filter((b) => !b.disabled);
    expect(enabled).toHaveLength(0);
    expect(document.querySelector('.status-bar.is-busy')).not.toBeNull();
  });
});

describe('bank control on the Bank card', () => {
  it('steps through the offered amounts and plays the chosen deposit', () => {
    const moves: BankMove[] = [
      { type: 'bank', seat: 0, amount: 1 },
      { type: 'bank', seat: 0, amount: 2 },
      { type: 'bank', seat: 0, amount: -1 },
    ];
    const play = vi.fn();
    render(<BankControl moves={moves} play={play} />);
    fireEvent.click(first(screen.getAllByRole('button', { name: 'More' })));
    fireEvent.click(screen.getByRole('button', { name: 'Deposit $2' }));
    expect(play).toHaveBeenCalledWith(moves[1]);
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw $1' }));
    expect(play).toHaveBeenLastCalledWith(moves[2]);
  });
});

describe('motion cues', () => {
  it('money and IP changes become floating deltas', () => {
    expect(changes({ cash: 3, bank: 0, heistIp: 2 }, { cash: 6, bank: 0, heistIp: 1 })).toEqual([
      { kind: 'cash', amount: 3 },
      { kind: 'ip', amount: -1 },
    ]);
    expect(changes({ cash: 3, bank: 0, heistIp: null }, { cash: 3, bank: 0, heistIp: 4 })).toEqual(
      [],
    );
  });

  it('a new chapter, the gang war and a snitch get a banner', () => {
    expect(bannerFor([{ type: 'chapterStarted', chapter: 2, firstPlayer: 0, row: [] }])).toEqual({
      kind: 'chapter',
      chapter: 2,
    });
    expect(bannerFor([{ type: 'gangWar', mercenaries: [1, 2], losers: [0] }])).toEqual({
      kind: 'gangWar',
    });
    expect(bannerFor([{ type: 'snitchRevealed', card: 's', value: 3, count: 1 }])).toEqual({
      kind: 'snitch',
      value: 3,
    });
    expect(bannerFor([{ type: 'passed', seat: 0 }])).toBeNull();
  });
});
