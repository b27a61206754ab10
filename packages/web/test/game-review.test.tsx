// @vitest-environment jsdom
/**
 * "Review my game": the review runs through the bot client (progress, cancel), then lists the
 * costliest decisions with what was played, the better move, the win chance each leaves and
 * why, in the reader's language; "Show on the table" hands the decision on. The inline client
 * runs a real (tiny) review of a short game.
 */
import {
  createBot,
  playGame,
  type GameReview as Review,
  type ReviewedDecision,
  reason,
} from '@gangsta/bots';
import type { GameRecord, Move } from '@gangsta/engine';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import ReplayViewer from '../src/app/ReplayScreen.tsx';
import { Session } from '../src/app/session.ts';
import { type BotClient, createInlineBotClient, type ReviewOrder } from '../src/bots/botClient.ts';
import GameReview from '../src/features/review/GameReview.tsx';
import { replayPlayers } from '../src/game/players.ts';
import { i18n, i18nReady } from '../src/i18n/index.ts';

beforeAll(async () => {
  await i18nReady;
});

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

/** A short 2-player game between heuristic players. */
function shortGame(): GameRecord {
  return playGame({ players: 2, seed: 8 }, [
    createBot({ kind: 'heuristic', seed: 1 }),
    createBot({ kind: 'heuristic', seed: 2 }),
  ]).record;
}

const record = shortGame();

/** The first action of seat 0 where another recruit or heist was on offer, as a reviewed decision. */
function fakeDecision(): ReviewedDecision {
  const index = record.moves.findIndex((m) => m.seat === 0 && m.type === 'recruit');
  const played = record.moves[index] as Move;
  const best: Move = { type: 'pass', seat: 0 };
  return {
    index,
    turn: 3,
    chapter: 1,
    played,
    best,
    playedChance: 0.21,
    bestChance: 0.47,
    loss: 0.26,
    reason: reason('action.pass', {}),
    playedVisits: 100,
    bestVisits: 100,
  };
}

/** A client whose review answers when told to, after some progress. */
function scriptedClient() {
  let order: ReviewOrder | null = null;
  let finish: (review: Review | null) => void = () => {};
  const cancel = vi.fn();
  const client: BotClient = {
    ask: () => new Promise(() => {}),
    review(given) {
      order = given;
      return { result: new Promise((resolve) => (finish = resolve)), cancel };
    },
    dispose() {},
  };
  return { client, cancel, order: () => order, finish: (r: Review | null) => finish(r) };
}

describe('the game review panel', () => {
  it('shows progress, then the costliest decisions with chances and why', async () => {
    const scripted = scriptedClient();
    const onShow = vi.fn();
    render(
      <GameReview
        bots={() => scripted.client}
        record={record}
        seats={['human', 'easy']}
        iterations={50}
        onShow={onShow}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Review my game' }));
    expect(scripted.order()?.seat).toBe(0);
    expect(scripted.order()?.iterations).toBe(50);
    act(() => scripted.order()?.onProgress?.(3, 12));
    expect(screen.getByText('Reviewing decision 3 of 12…')).toBeVisible();
    expect(screen.getByRole('progressbar')).toHaveAttribute('value', '3');
    const decision = fakeDecision();
    await act(async () =>
      scripted.finish({ seat: 0, iterations: 50, decisions: [decision], costliest: [decision] }),
    );
    const item = screen.getByTestId('review-decision');
    expect(item).toHaveTextContent('Turn 3, chapter 1');
    expect(item).toHaveTextContent('−26 points of win chance');
    expect(item).toHaveTextContent('21% after your move, 47% after the better one');
    expect(item).toHaveTextContent(/Recruit .+ for \$\d/);
    expect(item).toHaveTextContent(/Passes: no heist or recruit is worth more/);
    fireEvent.click(within(item).getByRole('button', { name: 'Show on the table' }));
    expect(onShow).toHaveBeenCalledWith(decision, 0);
  });

  it('cancels a review under way', () => {
    const scripted = scriptedClient();
    render(
      <GameReview
        bots={() => scripted.client}
        record={record}
        seats={['easy', 'human']}
        iterations={51}
        onShow={() => {}}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Review my game' }));
    expect(scripted.order()?.seat).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(scripted.cancel).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Review my game' })).toBeVisible();
  });

  it('speaks the reader’s language', async () => {
    await i18n.changeLanguage('de');
    const scripted = scriptedClient();
    render(
      <GameReview
        bots={() => scripted.client}
        record={record}
        seats={['human', 'easy']}
        iterations={52}
        onShow={() => {}}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Meine Partie analysieren' }));
    const decision = fakeDecision();
    await act(async () =>
      scripted.finish({ seat: 0, iterations: 52, decisions: [decision], costliest: [decision] }),
    );
    expect(screen.getByTestId('review-decision')).toHaveTextContent('−26 Prozentpunkte Siegchance');
  });
});

describe('the inline client', () => {
  it('reviews a real game with a tiny budget, reporting progress', async () => {
    const progress: number[] = [];
    const job = createInlineBotClient().review?.({
      record,
      seat: 0,
      iterations: 4,
      onProgress: (done) => progress.push(done),
    });
    const review = await job?.result;
    expect(review?.decisions.length).toBeGreaterThan(3);
    expect(progress.at(-1)).toBe(review?.decisions.length);
    expect(review?.costliest.length).toBeLessThanOrEqual(5);
  });

  it('stops when cancelled', async () => {
    const job = createInlineBotClient().review?.({ record, seat: 0, iterations: 4 });
    job?.cancel();
    expect(await job?.result).toBeNull();
  });
});

describe('a reviewed decision on the table', () => {
  it('opens the replay before the move, says what was better and why, and goes back', async () => {
    const session = new Session({ bots: () => scriptedClient().client, persist: false });
    const decision = fakeDecision();
    render(
      <ReplayViewer
        session={session}
        record={record}
        players={replayPlayers(
          [
            { kind: 'human', name: null },
            { kind: 'easy', name: null },
          ],
          2,
        )}
        focus={{ decision, seat: 0 }}
      />,
    );
    expect(screen.getByTestId('replay-slider')).toHaveValue(String(decision.index));
    const note = screen.getByTestId('review-note');
    expect(note).toHaveTextContent(/Player 1 played: Recruit .+ \(win chance 21%\)/);
    expect(note).toHaveTextContent('Better: Pass and collect');
    expect(note).toHaveTextContent('(win chance 47%)');
    expect(note).toHaveTextContent('Why: Passes: no heist or recruit is worth more');
    fireEvent.click(within(note).getByRole('button', { name: 'Back to the review' }));
    expect(screen.getByTestId('replay-slider')).toHaveValue(String(record.moves.length));
    expect(screen.queryByTestId('review-note')).toBeNull();
    // The review is a lazy chunk: on a busy machine its first import can take seconds.
    expect(await screen.findByTestId('game-review', {}, { timeout: 20_000 })).toBeVisible();
  }, 30_000);
});
