// @vitest-environment jsdom
/**
 * "Learn to play": the script is a valid game for the engine (every scripted move is legal at
 * its step, and only the scripted move is offered to the learner), it shows what each step
 * says it shows, every step's text exists in the five languages with the parameters the coach
 * passes, and the tutorial's source plays the opponent, saves progress and resumes.
 */
import {
  applyMove,
  cardsNamed,
  type GameEvent,
  legalMoves,
  type Move,
  moveKey,
  pendingDecision,
  playerAt,
} from '@gangsta/engine';
import { afterEach, describe, expect, it } from 'vitest';
import { positionAt, startPosition } from '../src/features/tutorial/position.ts';
import { clearProgress, loadProgress, saveProgress } from '../src/features/tutorial/progress.ts';
import {
  LEARNER,
  OPPONENT,
  stepMoves,
  TUTORIAL_STEPS,
  type TutorialStep,
} from '../src/features/tutorial/script.ts';
import { TutorialSource } from '../src/features/tutorial/TutorialSource.ts';
import { LANGUAGES, type LanguageCode } from '../src/i18n/index.ts';
import de from '../src/i18n/locales/de.json';
import en from '../src/i18n/locales/en.json';
import fr from '../src/i18n/locales/fr.json';
import nl from '../src/i18n/locales/nl.json';
import pt from '../src/i18n/locales/pt.json';
import { first, itemOf } from './helpers.ts';

function indexOf(id: string): number {
  const index = TUTORIAL_STEPS.findIndex((step) => step.id === id);
  if (index < 0) throw new Error(`no step ${id}`);
  return index;
}

function at(index: number) {
  const built = positionAt(index);
  if (!built.ok) throw new Error(`step ${built.step}: ${built.error.message}`);
  return built.position;
}

/** The events of the moves a step played. */
function eventsOf(id: string): GameEvent[] {
  const before = at(indexOf(id)).events.length;
  return at(indexOf(id) + 1)
    .events.slice(before)
    .flat();
}

describe('the tutorial script', () => {
  it('starts from a valid scenario, with the learner to move', () => {
    const start = startPosition();
    expect(start.ok).toBe(true);
    if (!start.ok) return;
    expect(pendingDecision(start.position.state)).toMatchObject({
      kind: 'mobilize',
      seat: LEARNER,
    });
  });

  it('replays to its last step with the engine', () => {
    const built = positionAt(TUTORIAL_STEPS.length);
    expect(built.ok ? 'ok' : `step ${built.step}: ${built.error.message}`).toBe('ok');
  });

  TUTORIAL_STEPS.forEach((step, index) => {
    if (step.advance.kind === 'next') return;
    it(`step ${index + 1} (${step.id}): every scripted move is legal when it is played`, () => {
      let state = at(index).state;
      for (const move of stepMoves(step)) {
        expect(pendingDecision(state)).toMatchObject({ seat: move.seat });
        expect(legalMoves(state, move.seat).map(moveKey)).toContain(moveKey(move));
        const result = applyMove(state, move);
        if (!result.ok) throw new Error(result.error.message);
        state = result.state;
      }
    });
  });

  it('plays the learner only at learner steps and the opponent only at opponent steps', () => {
    for (const step of TUTORIAL_STEPS) {
      const seat = step.advance.kind === 'learner' ? LEARNER : OPPONENT;
      for (const move of stepMoves(step)) expect(move.seat, step.id).toBe(seat);
    }
  });

  it("names a card in each of the learner's moves, so the table can highlight it", () => {
    for (const step of TUTORIAL_STEPS) {
      if (step.advance.kind !== 'learner') continue;
      expect(cardsNamed(step.advance.move).length, step.id).toBeGreaterThan(0);
    }
  });

  it('shows each lesson it announces', () => {
    const heist = eventsOf('heistDone');
    expect(heist).toContainEqual(
      expect.objectContaining({ type: 'heistCompleted', seat: LEARNER }),
    );
    // The whole gang was engaged: the next turn synchronizes it (R-MOB-1).
    expect(eventsOf('opponentRecruits')).toContainEqual({ type: 'synchronized', seat: LEARNER });
    // The opponent's heist pays a Theft, which takes the learner's last dollar.
    expect(eventsOf('opponentTheft')).toContainEqual({
      type: 'theft',
      seat: OPPONENT,
      target: LEARNER,
      amount: 1,
    });
    const coop = eventsOf('coopBorrow');
    expect(coop).toContainEqual(
      expect.objectContaining({ type: 'heistCompleted', cooperative: true, participants: [0, 1] }),
    );
    expect(coop).toContainEqual(expect.objectContaining({ type: 'snitchRevealed', value: 3 }));
    expect(coop.filter((e) => e.type === 'snitchPaid')).toHaveLength(2);
    expect(eventsOf('chapterEnds')).toContainEqual(
      expect.objectContaining({ type: 'gangWar', losers: [LEARNER] }),
    );
    const end = at(TUTORIAL_STEPS.length).state;
    expect(end.chapter).toBe(3);
    expect(playerAt(end, LEARNER).gang.map((m) => m.id)).not.toContain('G04');
  });

  it('waits for the learner at every learner step (no one else must decide first)', () => {
    TUTORIAL_STEPS.forEach((step, index) => {
      if (step.advance.kind !== 'learner') return;
      expect(pendingDecision(at(index).state), step.id).toMatchObject({ seat: LEARNER });
    });
  });
});

type Messages = { [key: string]: string | Messages };

const LOCALES: Record<LanguageCode, Messages> = { en, pt, nl, fr, de };

function message(messages: Messages, id: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of id.split('.')) {
    node = typeof node === 'object' ? node[part] : undefined;
  }
  return typeof node === 'string' ? node : undefined;
}

function parameters(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}/g)].map((m) => itemOf(m, 1));
}

describe('the tutorial texts', () => {
  const provided = (step: TutorialStep) => new Set(['opponent', ...Object.keys(step.cards)]);
  for (const { code } of LANGUAGES) {
    it(`${code}: every step has a title and a body, using only the names the coach passes`, () => {
      const messages = LOCALES[code];
      for (const step of TUTORIAL_STEPS) {
        for (const part of ['title', 'body']) {
          const text = message(messages, `tutorial.steps.${step.id}.${part}`);
          expect(text, `${code} tutorial.steps.${step.id}.${part}`).toBeTruthy();
          for (const name of parameters(text ?? '')) {
            expect(provided(step), `${code} ${step.id}.${part} uses {{${name}}}`).toContain(name);
          }
        }
      }
    });
  }
});

describe('the tutorial source', () => {
  afterEach(() => clearProgress());

  function open(index = 0, saved: number[] = []) {
    const opened = TutorialSource.open(index, {
      opponentDelayMs: () => 0,
      wait: async () => {},
      save: (step) => saved.push(step),
    });
    if (!opened.ok) throw new Error(opened.error.message);
    return opened.source;
  }

  /** Resolves once the coach lets the learner continue (the opponent has played). */
  function untilContinue(source: TutorialSource): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (source.getCoach().canContinue) {
          unsubscribe();
          resolve();
        }
      };
      const unsubscribe = source.subscribe(check);
      check();
    });
  }

  it('offers only the scripted move at a learner step, and refuses any other', () => {
    const source = open(indexOf('readyFree'));
    const step = itemOf(TUTORIAL_STEPS, indexOf('readyFree'));
    if (step.advance.kind !== 'learner') throw new Error('readyFree is a learner step');
    const snapshot = source.getSnapshot();
    expect(snapshot.legal.map(moveKey)).toEqual([moveKey(step.advance.move)]);
    const other: Move = { type: 'ready', seat: LEARNER, member: 'G34' };
    expect(source.play(other)).toBe(false);
    expect(source.getCoach().index).toBe(indexOf('readyFree'));
    expect(source.play(step.advance.move)).toBe(true);
    expect(source.getCoach().index).toBe(indexOf('readyFree') + 1);
  });

  it('offers nothing to click while the coach explains', () => {
    const source = open(indexOf('welcome'));
    expect(source.getSnapshot().legal).toEqual([]);
    expect(source.play({ type: 'ready', seat: LEARNER, member: 'G04' })).toBe(false);
    expect(source.getCoach().canContinue).toBe(true);
  });

  it('is played to the end by the scripted moves, the opponent moving by itself', async () => {
    const saved: number[] = [];
    const source = open(0, saved);
    source.start();
    while (!source.getCoach().finished) {
      const coach = source.getCoach();
      if (coach.step.advance.kind === 'learner') {
        expect(source.getSnapshot().legal).toHaveLength(1);
        expect(source.play(first(source.getSnapshot().legal))).toBe(true);
      } else {
        await untilContinue(source);
        expect(source.next()).toBe(true);
      }
    }
    source.stop();
    expect(source.getSnapshot().view?.chapter).toBe(3);
    expect(saved.at(-1)).toBe(TUTORIAL_STEPS.length - 1);
    expect(saved).toEqual([...saved].sort((a, b) => a - b));
  });

  it("does not let the learner skip the opponent's moves", () => {
    const source = open(indexOf('opponentRecruits'));
    // Not started: the opponent has not played yet.
    expect(source.getCoach().opponentPlaying).toBe(true);
    expect(source.getCoach().canContinue).toBe(false);
    expect(source.next()).toBe(false);
  });

  it('resumes at a saved step on the same position, and starts over', () => {
    saveProgress(indexOf('recruit'));
    const index = loadProgress(TUTORIAL_STEPS.length);
    expect(index).toBe(indexOf('recruit'));
    const source = open(index ?? 0);
    const view = source.getSnapshot().view;
    expect(view && playerAt(view, LEARNER).gang.every((m) => !m.engaged)).toBe(true);
    expect(source.getSnapshot().legal.map(moveKey)).toEqual(['0:recruit:G31']);
    expect(source.restart()).toBe(true);
    expect(source.getCoach().index).toBe(0);
    const after = source.getSnapshot().view;
    expect(after && playerAt(after, LEARNER).gang.some((m) => m.engaged)).toBe(true);
  });

  it('gives the scripted move as the hint, and no undo', async () => {
    const source = open(indexOf('chooseHeist'));
    await source.requestHint();
    const hint = source.getSnapshot().hint;
    expect(hint.status === 'ready' ? moveKey(hint.move) : hint.status).toBe('0:heist:HII-16');
    expect(source.getSnapshot().canUndo).toBe(false);
    expect(source.undo()).toBe(false);
    expect(source.record()).toBeNull();
  });
});

describe('tutorial progress', () => {
  afterEach(() => clearProgress());

  it('ignores a damaged or out-of-range saved step', () => {
    expect(loadProgress(5)).toBeNull();
    localStorage.setItem('gangsta.tutorial.v1', '{not json');
    expect(loadProgress(5)).toBeNull();
    saveProgress(7);
    expect(loadProgress(5)).toBeNull();
    localStorage.setItem('gangsta.tutorial.v1', JSON.stringify({ step: 'two' }));
    expect(loadProgress(5)).toBeNull();
    saveProgress(2);
    expect(loadProgress(5)).toBe(2);
  });
});
