/**
 * What one more skill icon is worth to us now: demand from the visible heists and the current
 * chapter's deck, Leaders early (pass income, free readying), Informants before snitches and
 * Mercenaries before the gang war.
 */
import { type Member, playerAt, SKILLS, type Skill } from '@gangsta/engine';
import { countSkill, gangIconList, memberIcons } from '../cards.ts';
import { type Ctx, mySeat, opponents } from './context.ts';

/** Share of each skill among the requirement icons of `heists`. */
function skillShares(ctx: Ctx, heists: readonly string[]): Record<Skill, number> {
  const counts: Record<Skill, number> = { L: 0, M: 0, I: 0, S: 0, B: 0, H: 0 };
  let total = 0;
  for (const id of heists) {
    const heist = ctx.cards.heist.get(id);
    if (!heist) continue;
    for (const icon of heist.requirement) {
      counts[icon]++;
      total++;
    }
  }
  if (total > 0) for (const s of SKILLS) counts[s] /= total;
  return counts;
}

/** What a Leadership icon is worth besides its heists, by chapter: most early on. */
const LEADERSHIP_BONUS: Readonly<Record<1 | 2 | 3, number>> = { 1: 0.9, 2: 0.5, 3: 0.15 };

/** Base worth of each skill icon in the current situation, before snitches and gang war. */
export function skillDemand(ctx: Ctx): Record<Skill, number> {
  const chapter = ctx.table.chapter;
  // Late in a chapter, the next chapter's heists are what new members will be used for.
  const lateInChapter = ctx.progress * 3 > chapter - 0.3;
  const deckChapter = Math.min(3, lateInChapter ? chapter + 1 : chapter);
  const chapterHeists = ctx.table.cards.heists
    .filter((h) => h.chapter === deckChapter)
    .map((h) => h.id);
  const row = ctx.table.heistRow.filter((id): id is string => id !== null);
  const deckShare = skillShares(ctx, chapterHeists);
  const rowShare = skillShares(ctx, row);
  // What we already have lowers demand: the fifth Hacker adds less than the first.
  const mine = gangIconList(ctx.cards, mySeat(ctx).gang);
  const out = {} as Record<Skill, number>;
  for (const s of SKILLS) {
    const have = countSkill(mine, s);
    const want = 0.35 + 2.2 * deckShare[s] + 1.6 * rowShare[s];
    out[s] = want / (1 + 0.35 * have);
  }
  out.L += LEADERSHIP_BONUS[chapter];
  return out;
}

/** Informant icons of a gang. */
export function informants(ctx: Ctx, seat: number): number {
  return countSkill(gangIconList(ctx.cards, playerAt(ctx.table, seat).gang), 'I');
}

export function mercenaries(ctx: Ctx, seat: number): number {
  return countSkill(gangIconList(ctx.cards, playerAt(ctx.table, seat).gang), 'M');
}

/** Values of the snitches still to come, with the chance each shows up before the game ends. */
function comingSnitches(ctx: Ctx): { value: number; chance: number }[] {
  const removed = new Set(ctx.table.removed);
  const out: { value: number; chance: number }[] = [];
  for (const snitch of ctx.table.cards.snitches) {
    if (removed.has(snitch.id) || snitch.chapter < ctx.table.chapter) continue;
    const chance = snitch.chapter === ctx.table.chapter ? 0.55 : 0.3;
    out.push({ value: snitch.value, chance });
  }
  return out;
}

/** Expected cost (IP) of the coming snitches for a gang with `count` Informant icons. */
export function snitchExposure(ctx: Ctx, count: number): number {
  let cost = 0;
  for (const { value, chance } of comingSnitches(ctx)) {
    const owed = Math.max(0, value - count);
    if (owed === 0) continue;
    // Paying hurts; not being able to pay costs a member as well.
    const cash = mySeat(ctx).cash;
    cost += chance * (owed * ctx.money + (cash < owed ? 2 : 0));
  }
  return cost;
}

/** Our outcome of the gang war (IP) with `count` Mercenary icons against the others'. */
export function gangWarOutcome(ctx: Ctx, count: number): number {
  const best = Math.max(0, ...opponents(ctx).map((p) => mercenaries(ctx, p.seat)));
  const two = ctx.table.players.length === 2;
  if (count > best) return two ? 2.5 : 1.5;
  if (count === best) return -1.8;
  return -2.5;
}

/** How much the gang war weighs now: it happens at the end of chapter II. */
export function gangWarWeight(ctx: Ctx): number {
  if (ctx.table.chapter === 1) return 0.35;
  if (ctx.table.chapter === 2) return 0.6 + 0.4 * Math.min(1, (ctx.progress * 3 - 1) * 1.2);
  return 0;
}

/** Worth of adding `icons` to our gang (IP). */
export function iconsValue(ctx: Ctx, icons: readonly Skill[], demand = skillDemand(ctx)): number {
  let value = 0;
  for (const icon of icons) value += demand[icon];
  const addI = countSkill(icons, 'I');
  if (addI > 0) {
    const now = informants(ctx, ctx.me);
    value += snitchExposure(ctx, now) - snitchExposure(ctx, now + addI);
  }
  const addM = countSkill(icons, 'M');
  if (addM > 0) {
    const now = mercenaries(ctx, ctx.me);
    const w = gangWarWeight(ctx);
    value += w * (gangWarOutcome(ctx, now + addM) - gangWarOutcome(ctx, now));
  }
  return value;
}

/** What a member of ours is worth keeping (to choose which one to discard). */
export function memberWorth(ctx: Ctx, member: Member): number {
  const icons = memberIcons(ctx.cards, member);
  const ip = ctx.cards.gangster.get(member.id)?.ip ?? ctx.cards.boss.get(member.id)?.ip ?? 0;
  return ip + 0.8 * iconsValue(ctx, icons);
}
