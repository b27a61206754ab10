/**
 * The heuristic player: one small scoring function per kind of decision (a file per concern),
 * each returning the move it prefers and a reason (a message id, reasons.ts) saying why. It reads only a Table (the
 * fields a seat's view shares with a full state), so it serves both live play and playouts.
 */
import type { Decision, Move, Seat } from '@gangsta/engine';
import { firstMove } from '../firstMove.ts';
import { reason } from '../reasons.ts';
import type { Table } from '../table.ts';
import { chooseAction } from './action.ts';
import { chooseActivation, chooseHighTech } from './activation.ts';
import {
  chooseAssassinationTarget,
  chooseDiversion,
  chooseTheftTarget,
  chooseVictimMember,
} from './attacks.ts';
import type { Choice } from './choice.ts';
import { makeContext } from './context.ts';
import { chooseOwnDiscard, chooseRowDiscard } from './discards.ts';
import { gangsterValue } from './gangsters.ts';
import { chooseMobilize, chooseSnitchBank, chooseTurnEndBank } from './mobilize.ts';
import {
  chooseHospitalReturn,
  chooseMobilizationReward,
  chooseOptionalReady,
  chooseRecruitReward,
  chooseTraining,
} from './readying.ts';
import { chooseResources } from './resources.ts';

export type { Choice } from './choice.ts';
export { estimateIp, makeContext } from './context.ts';

/** The heuristic's move for seat `me` facing `decision`, among `legal` (never empty). */
export function heuristicChoice(
  table: Table,
  decision: Decision,
  legal: readonly Move[],
  me: Seat,
): Choice {
  if (legal.length === 1)
    return { move: firstMove(legal), score: 0, reason: reason('onlyMove', {}) };
  const ctx = makeContext(table, me);
  switch (decision.kind) {
    case 'keepResources':
      return chooseResources(ctx, [...legal]);
    case 'mobilize':
      return chooseMobilize(ctx, decision, legal);
    case 'action':
      return chooseAction(ctx, legal);
    case 'highTech':
      return chooseHighTech(ctx, decision.heist, legal);
    case 'activate':
      return chooseActivation(ctx, legal);
    case 'recruitReward':
      return chooseRecruitReward(ctx, legal, (id) => gangsterValue(ctx, id));
    case 'training':
      return chooseTraining(ctx, legal);
    case 'theft':
      return chooseTheftTarget(ctx, decision.amount, legal);
    case 'assassination':
      return chooseAssassinationTarget(ctx, legal);
    case 'assassinationDiscard':
      return chooseOwnDiscard(ctx, legal, 'discard.assassination');
    case 'snitchDiscard':
      return chooseOwnDiscard(ctx, legal, 'discard.snitch');
    case 'gangWarDiscard':
      return decision.victim === me
        ? chooseOwnDiscard(ctx, legal, 'discard.gangWar')
        : chooseVictimMember(ctx, decision.victim, legal);
    case 'mobilizationReward':
      return chooseMobilizationReward(legal);
    case 'diversion':
      return chooseDiversion(ctx, legal);
    case 'privateJet':
      return chooseOptionalReady(ctx, legal, 'privateJet');
    case 'secretSociety':
      return chooseOptionalReady(ctx, legal, 'secretSociety');
    case 'hospitalReturn':
      return chooseHospitalReturn(ctx, legal);
    case 'passDiscard':
      return chooseRowDiscard(ctx, legal);
    case 'bank':
      return decision.owed === undefined
        ? chooseTurnEndBank(ctx, legal)
        : chooseSnitchBank(ctx, decision.owed, legal);
    default:
      // A decision this bot does not know yet: decline it if possible.
      return {
        move: legal.find((m) => m.type === 'done') ?? firstMove(legal),
        score: 0,
        reason: reason('defaultChoice', {}),
      };
  }
}
