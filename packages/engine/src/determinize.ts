/**
 * A full game state consistent with what a seat sees (for ISMCTS): hidden cards — deck orders,
 * the contents of unseen resource cards — are dealt at random from the cards the viewer cannot
 * see, and the viewer's own peeks stay where it saw them.
 */
import { cardsOf } from './cards/index.ts';
import { cloneHeist } from './clone.ts';
import { itemAt, playerAt } from './guards.ts';
import { seedState, shuffle } from './rng.ts';
import type { CardId, GameState, PlayerState } from './types.ts';
import type { GameView } from './view.ts';

export function determinize(view: GameView, seed: number): GameState {
  const cards = cardsOf(view.cards);
  const rng = { rng: seedState(seed) };
  const seen = new Set<CardId>();
  const see = (id: CardId | null | undefined): void => {
    if (id) seen.add(id);
  };
  for (const p of view.players) {
    for (const m of p.gang) {
      see(m.id);
      see(m.tucked);
    }
    for (const m of p.hospital) {
      see(m.id);
      see(m.tucked);
    }
    p.pile.forEach(see);
    for (const r of p.resources) see(r.id);
    p.dealt.forEach(see);
  }
  view.heistRow.forEach(see);
  view.recruitRow.forEach(see);
  view.removed.forEach(see);
  view.laterHeists.forEach(see);
  const viewer = view.viewer === null ? undefined : view.players[view.viewer];
  const deckWithTop = (pool: CardId[], top: CardId | null | undefined): CardId[] => {
    const rest = shuffle(
      rng,
      pool.filter((id) => id !== top),
    );
    return top && pool.includes(top) ? [top, ...rest] : rest;
  };
  const heistPool = [
    ...view.cards.heists.map((h) => h.id),
    ...view.cards.snitches.map((s) => s.id),
  ].filter((id) => !seen.has(id) && cards.chapterOf(id) === view.chapter);
  const gangsterPool = view.cards.gangsters.map((g) => g.id).filter((id) => !seen.has(id));
  const resourcePool = shuffle(
    rng,
    view.cards.resources.map((r) => r.id).filter((id) => !seen.has(id)),
  );
  const heistDeck = deckWithTop(heistPool, viewer?.peek.heist);
  const gangsterDeck = deckWithTop(gangsterPool, viewer?.peek.gangster);
  const perPlayer = view.options.expertResources ? 3 : 2;
  const keep = view.options.expertResources ? 2 : 1;
  const resourcesRevealed = view.phase !== 'resourceChoice';
  const unkept: CardId[] = [];
  const players: PlayerState[] = view.players.map((p) => {
    const player: PlayerState = {
      seat: p.seat,
      boss: p.boss,
      gang: p.gang.map((m) => ({ ...m })),
      cash: p.cash,
      bank: p.bank,
      heistIp: p.heistIp ?? 0,
      pile: [...p.pile],
      hospital: p.hospital.map((m) => ({ ...m })),
      resources: p.resources.map((r) => ({ ...r })),
      dealt: [...p.dealt],
      peek: { ...p.peek },
    };
    const own = p.seat === view.viewer;
    if (view.options.resources && !own && !resourcesRevealed) {
      if (p.resourcesChosen) {
        player.resources = resourcePool.splice(0, keep).map((id) => ({ id, active: false }));
        unkept.push(...resourcePool.splice(0, perPlayer - keep));
      } else {
        player.dealt = resourcePool.splice(0, perPlayer);
      }
    } else if (view.options.resources && own && p.resourcesChosen && !resourcesRevealed) {
      unkept.push(...resourcePool.splice(0, perPlayer - keep));
    }
    return player;
  });
  if (view.options.resources && resourcesRevealed) {
    unkept.push(...resourcePool.splice(0, view.players.length * (perPlayer - keep)));
  }
  // Another seat's peek during its own turn is the (sampled) top of the deck.
  const active = itemAt(players, view.turn.seat, 'player');
  if (active.seat !== view.viewer && view.phase !== 'gameOver' && view.phase !== 'resourceChoice') {
    const actor = playerAt(view, active.seat);
    const has = (effect: string) =>
      actor.resources.some((r) => r.active && cards.resource(r.id).effect === effect);
    if (has('bikerGang')) active.peek.heist = heistDeck[0] ?? null;
    if (has('informantNetwork')) active.peek.gangster = gangsterDeck[0] ?? null;
  }
  // Every field written out in the order of the type, as `cloneState` writes them: the search
  // then meets states of one hidden class only, whether dealt here or copied.
  return {
    version: 1,
    options: { ...view.options, seed },
    cards: view.cards,
    rng: rng.rng,
    players,
    phase: view.phase,
    chapter: view.chapter,
    turn: { ...view.turn },
    turnNumber: view.turnNumber,
    moveCount: view.moveCount,
    undoFloor: view.undoFloor,
    heistRow: [...view.heistRow],
    heistDeck,
    laterHeists: [...view.laterHeists],
    recruitRow: [...view.recruitRow],
    gangsterDeck,
    resourceDeck: resourcePool,
    unkeptResources: unkept,
    removed: [...view.removed],
    snitchesThisChapter: view.snitchesThisChapter,
    idleTurns: view.idleTurns,
    chapterEndPending: view.chapterEndPending,
    chapterEndReason: view.chapterEndReason,
    gangWarBegun: view.gangWarBegun,
    heist: view.heist ? cloneHeist(view.heist) : null,
    // Tasks are replaced, never edited in place: a copy of the list is enough.
    queue: view.queue.slice(),
    result: view.result,
  } satisfies Required<GameState>;
}
