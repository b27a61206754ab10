/**
 * A full game state consistent with what a seat sees (for ISMCTS): hidden cards — deck orders,
 * the contents of unseen resource cards — are dealt at random from the cards the viewer cannot
 * see, and the viewer's own peeks stay where it saw them.
 */
import { cardsOf, heistInRuleset } from './cards/index.ts';
import { cloneHeist } from './clone.ts';
import { itemAt, playerAt } from './guards.ts';
import { seedState, shuffle } from './rng.ts';
import type { CardId, GameState, PlayerState } from './types.ts';
import type { GameView } from './view.ts';

/**
 * The piles R-OPT-3 hides from the viewer, dealt at random: every heist of an earlier chapter
 * that the viewer cannot see is in one of them (old rows and decks left face up), and the rest
 * are heists of this chapter that are not in the deck. A hidden seat's heist IP is then the
 * influence printed in reward A of its sampled pile (an estimate: reward B is left out).
 */
function hiddenPiles(
  view: GameView,
  seen: ReadonlySet<CardId>,
  peeked: CardId | null | undefined,
  rng: { rng: number },
) {
  const bySeat = new Map<number, CardId[]>();
  const dealt = new Set<CardId>();
  const hidden = view.players.filter((p) => p.pile === null && p.pileSize > 0);
  if (hidden.length > 0) {
    const unseen = view.cards.heists.filter(
      (h) =>
        heistInRuleset(h, view.options.ruleset) &&
        !seen.has(h.id) &&
        h.id !== peeked &&
        h.chapter <= view.chapter,
    );
    const earlier = shuffle(
      rng,
      unseen.filter((h) => h.chapter < view.chapter).map((h) => h.id),
    );
    const current = shuffle(
      rng,
      unseen.filter((h) => h.chapter === view.chapter).map((h) => h.id),
    );
    const pool = shuffle(rng, [
      ...earlier,
      ...current.slice(0, Math.max(0, total(hidden) - earlier.length)),
    ]);
    for (const p of hidden) {
      const pile = pool.splice(0, p.pileSize);
      bySeat.set(p.seat, pile);
      for (const id of pile) dealt.add(id);
    }
  }
  const cards = cardsOf(view.cards);
  return {
    dealt,
    of: (seat: number): CardId[] => bySeat.get(seat) ?? [],
    ipOf: (seat: number): number =>
      (bySeat.get(seat) ?? []).reduce(
        (sum, id) =>
          sum +
          cards
            .heist(id)
            .rewardA.reduce((ip, r) => ip + (r.kind === 'influence' ? r.amount : 0), 0),
        0,
      ),
  };
}

function total(players: readonly { pileSize: number }[]): number {
  return players.reduce((sum, p) => sum + p.pileSize, 0);
}

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
    p.pile?.forEach(see);
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
  const piles = hiddenPiles(view, seen, viewer?.peek.heist, rng);
  const heistPool = [
    ...view.cards.heists
      .filter((h) => heistInRuleset(h, view.options.ruleset))
      .map((h) => h.id)
      .filter((id) => !piles.dealt.has(id)),
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
      heistIp: p.heistIp ?? piles.ipOf(p.seat),
      pile: p.pile ? [...p.pile] : piles.of(p.seat),
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
