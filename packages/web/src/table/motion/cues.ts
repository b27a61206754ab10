/**
 * Which sound a move calls for, from the events it caused: one sound a move (the most telling),
 * so that a move that recruits, pays and refills a row does not play three.
 */
import type { GameEvent } from '@gangsta/engine';
import type { Cue } from './sound.ts';

/** In order of importance: the first kind of event the move has picks the sound. */
const ORDER: [Cue, (event: GameEvent) => boolean][] = [
  ['chapter', (e) => e.type === 'chapterStarted' && e.chapter > 1],
  ['gangWar', (e) => e.type === 'gangWar'],
  ['snitch', (e) => e.type === 'snitchRevealed'],
  ['heist', (e) => e.type === 'heistCompleted'],
  ['recruit', (e) => e.type === 'recruited'],
  ['influence', (e) => e.type === 'influence' && e.amount > 0],
  ['money', (e) => (e.type === 'income' && e.amount > 0) || (e.type === 'theft' && e.amount > 0)],
];

export function cueForMove(events: readonly GameEvent[]): Cue {
  for (const [cue, matches] of ORDER) if (events.some(matches)) return cue;
  return 'card';
}
