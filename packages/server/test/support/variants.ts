/**
 * Table plans that sweep the variants (Families, Resources, the expert deal) and the table
 * options (R-OPT) over 2–4 seats, some of them played by server bots, so a run of `n` games
 * covers every combination that matters for a game's course and its hidden information.
 */
import type { SeatPlan, TablePlan } from './tables.ts';

/** The i-th plan of a sweep: variants cycle fastest, then table sizes, then bot seats. */
export function variantPlan(index: number, options: { bots?: boolean } = {}): TablePlan {
  const players = 2 + (index % 3);
  // Four rule variants: classic, Families, Resources, Families + expert Resources.
  const variant = Math.floor(index / 3) % 4;
  const resources = variant >= 2;
  const seats: SeatPlan[] = Array.from({ length: players }, () => ({ kind: 'human' }) as const);
  // Every fourth game (2, 3 and 4 seats in turn) gives its last seat to a server bot, at the
  // heuristic "easy" level: the search levels think for 0.3–1 s a decision, too slow for CI.
  if (options.bots !== false && index % 4 === 1)
    seats[players - 1] = { kind: 'bot', level: 'easy' };
  // Some seats are reserved by invitation rather than open.
  if (players > 2 && index % 2 === 0 && seats[1]?.kind === 'human')
    seats[1] = { kind: 'human', invited: true };
  return {
    label: `g${index}`,
    seats,
    options: {
      families: variant === 1 || variant === 3,
      resources,
      expertResources: variant === 3,
      minimumPassIncome: index % 2 === 1,
      catchUpCash: index % 5 < 2,
      privateHeistInfluence: index % 4 === 3,
    },
  };
}

/** A short description for test names and failure messages. */
export function describePlan(plan: TablePlan): string {
  const on = Object.entries(plan.options ?? {})
    .filter(([, value]) => value)
    .map(([key]) => key);
  const seats = plan.seats.map((s) =>
    s.kind === 'bot' ? `bot:${s.level}` : s.invited ? 'invited' : 'human',
  );
  return `${plan.label ?? ''} [${seats.join(',')}] ${on.join('+') || 'classic'}`;
}
