/**
 * Every event, move and decision the engine produces reads as an English sentence: no message
 * id is missing from en.json (i18next would show the raw id).
 */
import {
  applyMove,
  cardsOf,
  createGame,
  type GameEvent,
  pendingDecision,
  viewFor,
} from '@gangsta/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, i18nReady } from '../src/i18n/index.ts';
import type { TextContext } from '../src/text/context.ts';
import { decisionHelp, decisionStatus } from '../src/text/decisions.ts';
import { describeEvent } from '../src/text/events.ts';
import { describeMove } from '../src/text/moves.ts';
import { decidingSeat, playout } from './helpers.ts';

const RAW_ID =
  /\b(app|table|decision|move|event|score|newGame|replay|cards|skills|heists|resources|gangsters|rewards)\.[a-zA-Z]/;

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage('en');
});

describe('English text', () => {
  it('describes every event, legal move and decision of a few whole games', () => {
    const eventTypes = new Set<string>();
    const options = [
      { players: 3, seed: 4, resources: true, families: true },
      { players: 2, seed: 9, resources: true, expertResources: true, privateHeistInfluence: true },
      { players: 4, seed: 2, minimumPassIncome: true, catchUpCash: true },
    ];
    for (const option of options) {
      const created = createGame(option);
      if (!created.ok) throw new Error(created.error.message);
      const ctx: TextContext = {
        t: i18n.t,
        cards: cardsOf(created.state.cards),
        seats: created.state.players.map(() => 'human'),
        viewer: 0,
      };
      const say = (event: GameEvent) => {
        eventTypes.add(event.type);
        const text = describeEvent(ctx, event);
        expect(text, event.type).not.toMatch(RAW_ID);
        expect(text.length, event.type).toBeGreaterThan(3);
      };
      created.events.forEach(say);
      playout(option, option.seed, (state, legal) => {
        const seat = decidingSeat(state);
        const view = viewFor(state, seat);
        const decision = pendingDecision(state);
        const here = { ...ctx, viewer: seat };
        expect(decisionStatus(here, decision)).not.toMatch(RAW_ID);
        expect(decisionHelp(here, view, decision), decision.kind).not.toMatch(RAW_ID);
        for (const move of legal) {
          expect(describeMove(here, view, decision, move), move.type).not.toMatch(RAW_ID);
          const result = applyMove(state, move);
          if (result.ok) result.events.forEach(say);
        }
      });
    }
    expect(eventTypes.size).toBeGreaterThan(25);
  });
});
