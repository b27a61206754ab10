/**
 * Where a final score's IP comes from (R-END-1), in the order score tables show them: IP earned
 * from heists, the IP printed on the members, active resource cards, Media, the richest
 * (R-END-2), the largest gang (R-END-3) and the family majorities (R-FAM-2). `total` adds them.
 *
 * A file of its own, importing nothing, so that the state's types (types.ts, whose
 * `ScoreBreakdown` has a field per source) and the scoring (scoring.ts, which uses those types)
 * do not import each other.
 */
export const SCORE_SOURCES = [
  'heists',
  'members',
  'resources',
  'media',
  'richest',
  'largestGang',
  'families',
] as const;
export type ScoreSource = (typeof SCORE_SOURCES)[number];
