/**
 * The whole table as text: header (chapter, turn, snitches, decks), heist row, recruit row,
 * every gang, the heist being put together, and the pending decision in words.
 */
import { decidingSeats, type GameView, type PlayerView } from '@gangsta/engine';
import {
  cardName,
  gangsterLine,
  heistLine,
  icons,
  indexCards,
  memberLabel,
  resourceLineWithEffect,
} from './cards.ts';
import { type RenderContext, seatName } from './context.ts';
import { describeDecision } from './decision.ts';
import { CHAPTER_NAMES, FAMILY_NAMES } from './names.ts';

function header(view: GameView, ctx: RenderContext): string[] {
  const { c } = ctx;
  const snitchNote =
    view.chapter === 3
      ? ' (the 3rd ends the game)'
      : view.chapter === 1
        ? ' (none in chapter I)'
        : '';
  const variants = [
    view.options.families && 'families',
    view.options.resources && (view.options.expertResources ? 'resources (expert)' : 'resources'),
    view.options.minimumPassIncome && 'min $2 pass',
    view.options.catchUpCash && 'catch-up cash',
    view.options.privateHeistInfluence && 'private heist IP',
    view.options.ruleset === 'printed' && 'printed rules',
  ].filter(Boolean);
  return [
    c.bold(`══ Chapter ${CHAPTER_NAMES[view.chapter]} · turn ${view.turnNumber} ══`),
    `Snitches seen this chapter: ${view.snitchesThisChapter}${snitchNote} · heist deck: ${view.heistDeckCount} · gangster deck: ${view.gangsterDeckCount}` +
      (variants.length > 0 ? ` · ${variants.join(', ')}` : '') +
      (view.chapterEndPending ? c.yellow(' · the chapter ends after this turn') : ''),
  ];
}

function rows(view: GameView, ctx: RenderContext): string[] {
  const { cards, c } = ctx;
  const lines = [c.bold('Heists')];
  view.heistRow.forEach((id, slot) => {
    lines.push(`  ${slot + 1}. ${id ? heistLine(cards, id, c) : c.dim('(empty)')}`);
  });
  lines.push(c.bold('Recruits'));
  view.recruitRow.forEach((id, slot) => {
    lines.push(`  ${slot + 1}. ${id ? gangsterLine(cards, id, c) : c.dim('(empty)')}`);
  });
  return lines;
}

/** IP a seat holds right now from its members (R-END-1), for the running total. */
function memberIp(view: GameView, player: PlayerView): number {
  const index = indexCards(view.cards);
  return player.gang.reduce(
    (sum, m) => sum + (index.boss(m.id)?.ip ?? index.gangster(m.id)?.ip ?? 0),
    0,
  );
}

function gang(view: GameView, player: PlayerView, ctx: RenderContext): string[] {
  const { cards, c } = ctx;
  const boss = indexCards(cards).boss(player.boss);
  const active = decidingSeats(view.decision).includes(player.seat);
  const heistIp = player.heistIp === null ? 'hidden' : `${player.heistIp}`;
  const money = `$${player.cash}${player.bank > 0 ? ` (+$${player.bank} on the Bank)` : ''}`;
  const title =
    `${active ? c.yellow('▶ ') : '  '}${c.bold(seatName(ctx, player.seat))} — ${boss ? FAMILY_NAMES[boss.family] : player.boss} Boss` +
    ` · ${money} · IP: ${heistIp} from heists + ${memberIp(view, player)} from members` +
    ` · gang of ${player.gang.length} · ${player.pileSize} heists done`;
  const available = player.gang.filter((m) => !m.engaged).map((m) => memberLabel(cards, m, c));
  const engaged = player.gang.filter((m) => m.engaged).map((m) => memberLabel(cards, m, c));
  const lines = [
    title,
    `      available: ${available.join(' ') || c.dim('nobody')}`,
    `      engaged:   ${engaged.join(' ') || c.dim('nobody')}`,
  ];
  if (player.resources.length > 0) {
    const list = player.resources.map(
      (r) =>
        `${cardName(cards, r.id)} ${r.active ? c.green('(active)') : c.dim(`(inactive, needs ${icons(indexCards(cards).resource(r.id)?.requirement ?? [])})`)}`,
    );
    lines.push(`      resources: ${list.join(', ')}`);
  }
  if (player.hospital.length > 0) {
    lines.push(
      `      hospital:  ${player.hospital.map((m) => memberLabel(cards, m, c)).join(' ')}`,
    );
  }
  if (player.dealt.length > 0) {
    lines.push('      dealt to you:');
    for (const id of player.dealt) lines.push(`        ${resourceLineWithEffect(cards, id, c)}`);
  }
  if (player.peek.heist !== undefined || player.peek.gangster !== undefined) {
    const seen = [
      player.peek.heist !== undefined && `top heist: ${player.peek.heist ?? 'none'}`,
      player.peek.gangster !== undefined && `top gangster: ${player.peek.gangster ?? 'none'}`,
    ].filter(Boolean);
    lines.push(`      you peeked at: ${seen.join(', ')}`);
  }
  return lines;
}

function heistInProgress(view: GameView, ctx: RenderContext): string[] {
  const heist = view.heist;
  if (!heist) return [];
  const members = heist.activated.map(
    (a) => `${a.member}${a.seat === heist.initiator ? '' : ` (${seatName(ctx, a.seat)})`}`,
  );
  return [
    ctx.c.bold('Heist under way'),
    `  ${heistLine(ctx.cards, heist.card, ctx.c)}`,
    `  activated: ${members.join(', ') || 'nobody yet'} · still needed: ${icons(heist.remaining, ctx.c) || 'nothing'}`,
  ];
}

export function renderBoard(view: GameView, ctx: RenderContext): string {
  const lines = [...header(view, ctx), ...rows(view, ctx), ctx.c.bold('Gangs')];
  for (const player of view.players) lines.push(...gang(view, player, ctx));
  lines.push(...heistInProgress(view, ctx));
  lines.push(ctx.c.cyan(describeDecision(view, ctx)));
  return lines.join('\n');
}
