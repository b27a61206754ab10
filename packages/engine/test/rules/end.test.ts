/** Section 13 of docs/rules.md (R-END): final scoring and the winner. */
import { describe, expect, it } from 'vitest';
import { finalScores } from '../../src/index.ts';
import { idleBeforeSafeguard, play, scenario } from '../helpers.ts';

describe("R-END-1: a player's IP", () => {
  it('R-END-1: heist IP + members (Boss included) + active resources + Media + bonuses', () => {
    const state = scenario({
      chapter: 3,
      players: [
        {
          boss: 'B1',
          gang: ['G07', 'G30'],
          heistIp: 5,
          pile: ['HI-02', 'HI-01'],
          resources: [{ id: 'R02' }, { id: 'R06' }],
          cash: 3,
        },
        { boss: 'B2', gang: ['G08'], heistIp: 2, cash: 1, hospital: ['G12'] },
      ],
    });
    const [a, b] = finalScores(state).scores;
    // Seat 0: members 0 + 3 + 3; R02 5 + R06 0; Media 1 (HI-02 gave IP); richest 2; largest 2.
    expect(a).toMatchObject({
      heists: 5,
      members: 6,
      resources: 5,
      media: 1,
      richest: 2,
      largestGang: 2,
      families: 0,
      total: 21,
      gangSize: 3,
    });
    // Seat 1: the hospital's G12 does not count.
    expect(b).toMatchObject({ heists: 2, members: 1, resources: 0, total: 3, gangSize: 2 });
  });

  it('R-END-1: the game ends with these scores', () => {
    const state = scenario({
      chapter: 3,
      players: [
        { boss: 'B1', gang: ['G07'], heistIp: 4, cash: 0 },
        { boss: 'B2', heistIp: 1, cash: 0 },
      ],
      idleTurns: idleBeforeSafeguard(2),
      start: 'action',
    });
    const { state: after } = play(state, { type: 'pass', seat: 0 });
    expect(after.phase).toBe('gameOver');
    // Seat 0 passed: $1 from its Leader, so it is the richest.
    expect(after.result?.scores.map((s) => s.total)).toEqual([4 + 3 + 2 + 2, 1]);
    expect(after.result?.winners).toEqual([0]);
  });
});

describe('R-END-2: richest', () => {
  const richest = (money: [number, number][]) =>
    finalScores(
      scenario({
        players: money.map(([cash, bank], i) => ({
          boss: `B${i + 1}`,
          cash,
          bank,
          resources: i === 0 ? [{ id: 'R09' }] : [],
        })),
      }),
    ).scores.map((s) => s.richest);

  it('R-END-2: the richest (cash plus Bank) gains 2 IP', () => {
    expect(
      richest([
        [2, 5],
        [6, 0],
        [1, 0],
      ]),
    ).toEqual([2, 0, 0]);
  });

  it('R-END-2: tied richest gain 1 IP each', () => {
    expect(
      richest([
        [3, 3],
        [6, 0],
        [1, 0],
      ]),
    ).toEqual([1, 1, 0]);
  });

  it('R-END-2: nobody is richest with $0', () => {
    expect(
      richest([
        [0, 0],
        [0, 0],
        [0, 0],
      ]),
    ).toEqual([0, 0, 0]);
  });
});

describe('R-END-3: largest gang', () => {
  it('R-END-3: the largest gang gains 2 IP; tied ones 1 each', () => {
    const scores = (gangs: string[][]) =>
      finalScores(
        scenario({ players: gangs.map((gang, i) => ({ boss: `B${i + 1}`, gang })) }),
      ).scores.map((s) => s.largestGang);
    expect(scores([['G01', 'G02'], ['G03'], []])).toEqual([2, 0, 0]);
    expect(scores([['G01'], ['G03'], []])).toEqual([1, 1, 0]);
    expect(scores([[], [], []])).toEqual([1, 1, 1]);
  });

  it('R-END-3: not awarded in the Families variant', () => {
    const state = scenario({
      options: { families: true },
      players: [{ boss: 'B1', gang: ['G01', 'G02'] }, { boss: 'B2' }],
    });
    expect(finalScores(state).scores.map((s) => s.largestGang)).toEqual([0, 0]);
  });
});

describe('R-END-4: the winner', () => {
  it('R-END-4: the highest IP wins', () => {
    const state = scenario({
      players: [
        { boss: 'B1', heistIp: 3 },
        { boss: 'B2', heistIp: 5 },
      ],
    });
    expect(finalScores(state).winners).toEqual([1]);
  });

  it('R-END-4: a tie goes to the most members', () => {
    // Seat 0: 2 IP of heists + G30 (3 IP) + largest gang 2 = 7; seat 1: 7 IP of heists.
    const state = scenario({
      players: [
        { boss: 'B1', gang: ['G30'], heistIp: 2 },
        { boss: 'B2', heistIp: 7 },
      ],
    });
    const result = finalScores(state);
    expect(result.scores.map((s) => s.total)).toEqual([7, 7]);
    expect(result.winners).toEqual([0]);
  });

  it('R-END-4: still tied, a shared victory', () => {
    const state = scenario({
      players: [
        { boss: 'B1', heistIp: 4 },
        { boss: 'B2', heistIp: 4 },
        { boss: 'B3', heistIp: 1 },
      ],
    });
    expect(finalScores(state).winners).toEqual([0, 1]);
  });
});
