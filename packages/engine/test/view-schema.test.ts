/**
 * The view and event schemas (src/viewSchema.ts) against what the engine really sends: every
 * view of every seat and of a spectator, and every event each of them may see, over random
 * games of every player count and variant (harness.ts `optionsFor`). The schemas are strict,
 * so a field the engine adds, renames or drops without the schema fails here, and the
 * protocol's JSON Schemas, converted from them, cannot drift from the engine.
 */
import { describe, expect, it } from 'vitest';
import {
  applyMove,
  createGame,
  type GameEvent,
  gameEventSchema,
  gameViewSchema,
  legalMoves,
  type Seat,
  viewFor,
  visibleEvents,
} from '../src/index.ts';
import { optionsFor, randomSource } from './harness.ts';

const GAMES = 32;
/** The card set is the same in every view of a game: parsed whole in the first one only. */
const viewWithoutCards = gameViewSchema.omit({ cards: true });

function problem(result: { success: boolean; error?: { issues: unknown[] } }): string {
  return result.success ? '' : JSON.stringify(result.error?.issues.slice(0, 2));
}

describe('the view and event schemas accept every view and event of random games', () => {
  it(`${GAMES} games, every seat and a spectator`, () => {
    let views = 0;
    let events = 0;
    const eventTypes = new Set<string>();
    for (let seed = 0; seed < GAMES; seed++) {
      const options = optionsFor(seed);
      const created = createGame(options);
      if (!created.ok) throw new Error(created.error.message);
      let state = created.state;
      const viewers: (Seat | null)[] = [null, ...state.players.map((p) => p.seat)];
      const random = randomSource(seed + 1);
      const checkEvents = (list: GameEvent[]) => {
        for (const viewer of viewers) {
          for (const event of visibleEvents(list, viewer)) {
            const parsed = gameEventSchema.safeParse(event);
            expect(parsed.success, `seed ${seed} ${JSON.stringify(event)} ${problem(parsed)}`).toBe(
              true,
            );
            eventTypes.add(event.type);
            events++;
          }
        }
      };
      checkEvents(created.events);
      for (const viewer of viewers) {
        const parsed = gameViewSchema.safeParse(viewFor(state, viewer));
        expect(parsed.success, `seed ${seed} first view: ${problem(parsed)}`).toBe(true);
      }
      while (state.phase !== 'gameOver') {
        const moves = legalMoves(state);
        const move = moves[Math.floor(random() * moves.length)];
        if (move === undefined) throw new Error(`seed ${seed}: no legal move`);
        const result = applyMove(state, move);
        if (!result.ok) throw new Error(result.error.message);
        state = result.state;
        checkEvents(result.events);
        for (const viewer of viewers) {
          const { cards: _cards, ...view } = viewFor(state, viewer);
          const parsed = viewWithoutCards.safeParse(view);
          expect(parsed.success, `seed ${seed} move ${state.moveCount}: ${problem(parsed)}`).toBe(
            true,
          );
          views++;
        }
      }
    }
    expect(views).toBeGreaterThan(5000);
    expect(events).toBeGreaterThan(5000);
    // The games reach the events of every part of the rules, the end among them.
    for (const type of ['gameStarted', 'heistCompleted', 'snitchRevealed', 'gangWar', 'gameEnded'])
      expect(eventTypes).toContain(type);
  });

  it('refuses a view with a field the engine does not send, and an unknown event', () => {
    const created = createGame({ players: 2, seed: 1 });
    if (!created.ok) throw new Error(created.error.message);
    const view = viewFor(created.state, 0);
    expect(gameViewSchema.safeParse(view).success).toBe(true);
    expect(gameViewSchema.safeParse({ ...view, secret: 1 }).success).toBe(false);
    const { phase: _phase, ...withoutPhase } = view;
    expect(gameViewSchema.safeParse(withoutPhase).success).toBe(false);
    expect(gameEventSchema.safeParse({ type: 'passed', seat: 0 }).success).toBe(true);
    expect(gameEventSchema.safeParse({ type: 'passed', seat: 0, extra: 1 }).success).toBe(false);
    expect(gameEventSchema.safeParse({ type: 'teleported', seat: 0 }).success).toBe(false);
  });
});
