/**
 * A worker thread (run by the pool in pool.ts): plays one game per request, a simulated game
 * (a summary for the balance reports) or a game of a bots-package match, and answers its
 * summary. An error thrown here fails that game's request.
 */
import { type MatchOptions, playMatchGame } from '@gangsta/bots';
import { type GameJob, playSimulatedGame } from './game.ts';

export type WorkerRequest =
  | { kind: 'simulate'; job: GameJob }
  | { kind: 'match'; options: Omit<MatchOptions, 'onGame'>; index: number };

export default function playOne(request: WorkerRequest): unknown {
  return request.kind === 'simulate'
    ? playSimulatedGame(request.job)
    : playMatchGame(request.options, request.index);
}
