/**
 * "Learn to play": a short scripted game, written as an engine scenario (the starting
 * position) and the steps that follow it. Each step is one message of the coach and what moves
 * the game on: the learner's one allowed move, the opponent's scripted moves, or just "Next".
 *
 * The position is chapter II of a 2-player game, so that everything a newcomer must see fits
 * in three turns each: mobilization and readying (R-MOB), a heist where the order of the
 * members matters (no holding back, R-HEIST-4), synchronization (R-MOB-1), recruiting (R-REC),
 * a Theft (the opponent robs the learner; passing is told there), the other rewards (Training,
 * Assassination: told, as chapter II's scripted row has no room to play them), a cooperative
 * heist (R-HEIST-9/10), a snitch (R-SNITCH-2) and the end of the chapter with its gang war
 * (R-CHAP-1, R-CHAP-5). `test/tutorial.test.ts` replays the whole script with the
 * engine and checks that every scripted move is legal at its step.
 */
import type { CardId, Move, Scenario } from '@gangsta/engine';

/** The learner sits at seat 0; the scripted opponent at seat 1. */
export const LEARNER = 0;
export const OPPONENT = 1;

export const TUTORIAL_SCENARIO: Scenario = {
  options: { seed: 2019 },
  chapter: 2,
  activeSeat: LEARNER,
  start: 'turn',
  players: [
    // Mister Jade (Leader, Informant): one Leader available, two members engaged to ready.
    {
      boss: 'B5',
      cash: 4,
      gang: [
        { id: 'G04', engaged: true },
        { id: 'G34', engaged: true },
      ],
    },
    // Don Ramón Oro (Leader, Brawler) and five gangsters: two Mercenaries, no Informant.
    { boss: 'B2', cash: 9, gang: ['G10', 'G30', 'G25', 'G08'] },
  ],
  heistRow: ['HII-16', 'HII-25', 'HII-10', 'HII-04', 'HII-02'],
  // The first refill is the heist the opponent robs the learner with, the second a plain heist;
  // the third turns up the value-3 snitch.
  heistDeck: ['HII-18', 'HII-30', 'SII-2', 'HII-12'],
  recruitRow: ['G31', 'G15', 'G20', 'G09', 'G22'],
};

/** What moves the tutorial on from a step. */
export type StepAdvance =
  /** Read the coach's message and press Next. */
  | { kind: 'next' }
  /** The learner plays this move: the only one the table offers, on a highlighted card. */
  | { kind: 'learner'; move: Move }
  /** The opponent's scripted moves play by themselves; then Next. */
  | { kind: 'opponent'; moves: Move[] };

export interface TutorialStep {
  /** Text ids: `tutorial.steps.<id>.title` and `tutorial.steps.<id>.body`. */
  id: string;
  advance: StepAdvance;
  /** Cards the text names, as `{{name}}` parameters (translated card names). */
  cards: Record<string, CardId>;
}

const me = LEARNER;
const them = OPPONENT;

function explain(id: string, cards: Record<string, CardId> = {}): TutorialStep {
  return { id, advance: { kind: 'next' }, cards };
}

function learner(id: string, move: Move, cards: Record<string, CardId> = {}): TutorialStep {
  return { id, advance: { kind: 'learner', move }, cards };
}

function opponent(id: string, moves: Move[], cards: Record<string, CardId> = {}): TutorialStep {
  return { id, advance: { kind: 'opponent', moves }, cards };
}

const CAST = {
  boss: 'B5',
  wiretap: 'G04',
  wu: 'G34',
  chen: 'G31',
  rival: 'B2',
  knuckles: 'G15',
  reyes: 'G20',
  rivalGangs: 'HII-16',
  offshore: 'HII-25',
  robbery: 'HII-18',
  sniper: 'G08',
  brawler: 'G10',
} as const;

export const TUTORIAL_STEPS: readonly TutorialStep[] = [
  explain('welcome', { boss: CAST.boss, rival: CAST.rival }),
  learner(
    'readyFree',
    { type: 'ready', seat: me, member: CAST.wiretap },
    { boss: CAST.boss, member: CAST.wiretap },
  ),
  learner('readyPaid', { type: 'ready', seat: me, member: CAST.wu }, { member: CAST.wu }),
  learner(
    'chooseHeist',
    { type: 'heist', seat: me, card: CAST.rivalGangs },
    { heist: CAST.rivalGangs },
  ),
  learner(
    'noHoldBack',
    { type: 'activate', seat: me, member: CAST.boss },
    { boss: CAST.boss, wiretap: CAST.wiretap, wu: CAST.wu },
  ),
  learner(
    'secondMember',
    { type: 'activate', seat: me, member: CAST.wiretap },
    { wiretap: CAST.wiretap, wu: CAST.wu },
  ),
  learner('heistDone', { type: 'activate', seat: me, member: CAST.wu }, { wu: CAST.wu }),
  opponent('opponentRecruits', [{ type: 'recruit', seat: them, card: CAST.knuckles }], {
    member: CAST.knuckles,
  }),
  explain('synchronization'),
  learner('recruit', { type: 'recruit', seat: me, card: CAST.chen }, { member: CAST.chen }),
  opponent(
    'opponentTheft',
    [
      { type: 'heist', seat: them, card: CAST.robbery },
      { type: 'activate', seat: them, member: CAST.sniper },
      { type: 'activate', seat: them, member: CAST.brawler },
      { type: 'target', seat: them, target: me },
    ],
    { heist: CAST.robbery },
  ),
  explain('moreRewards'),
  learner('chooseCoop', { type: 'heist', seat: me, card: CAST.offshore }, { heist: CAST.offshore }),
  learner('coopOwnFirst', { type: 'activate', seat: me, member: CAST.boss }, { boss: CAST.boss }),
  learner(
    'coopSecond',
    { type: 'activate', seat: me, member: CAST.wiretap },
    { wiretap: CAST.wiretap },
  ),
  learner('coopBorrow', { type: 'activate', seat: me, member: CAST.rival }, { rival: CAST.rival }),
  explain('snitch', { boss: CAST.boss, wiretap: CAST.wiretap }),
  opponent(
    'chapterEnds',
    [
      { type: 'done', seat: them },
      { type: 'recruit', seat: them, card: CAST.reyes },
    ],
    { rival: CAST.rival, member: CAST.reyes },
  ),
  learner(
    'gangWar',
    { type: 'discardMember', seat: me, member: CAST.wiretap },
    { wiretap: CAST.wiretap, chen: CAST.chen, wu: CAST.wu, boss: CAST.boss },
  ),
  explain('finished'),
];

/** The moves a step plays (none for an explanation). */
export function stepMoves(step: TutorialStep): Move[] {
  switch (step.advance.kind) {
    case 'next':
      return [];
    case 'learner':
      return [step.advance.move];
    case 'opponent':
      return step.advance.moves;
  }
}
