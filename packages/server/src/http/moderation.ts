/** Mute, block, report and remove chat lines over HTTP (`packages/protocol/src/moderation.ts`). */
import { type ModerationLists, ROUTES } from '@gangsta/protocol';
import type { FastifyInstance } from 'fastify';
import { refuse } from '../refusal.ts';
import type { ModerationList } from '../store/moderation.ts';
import type { PlayerRow, Store } from '../store/types.ts';
import type { TableRequests } from '../tables/requests.ts';
import { requirePlayer } from './auth.ts';
import { route } from './route.ts';

async function listsOf(store: Store, player: PlayerRow): Promise<ModerationLists> {
  const [muted, blocked] = await Promise.all([
    store.listOf('mutes', player.id),
    store.listOf('blocks', player.id),
  ]);
  return { muted, blocked };
}

function lineNumber(text: string): number {
  const seq = Number(text);
  if (!Number.isSafeInteger(seq) || seq < 1) refuse('NOT_FOUND', 'there is no such chat line');
  return seq;
}

/** The moderation requests the tables answer (a block reaches their connections at once). */
type ModerationRequests = Pick<TableRequests, 'setListed' | 'reportChatLine' | 'removeChatLine'>;

export function moderationRoutes(
  app: FastifyInstance,
  { store, tables }: { store: Store; tables: ModerationRequests },
): void {
  route(app, ROUTES.moderationLists, async ({ request }) =>
    listsOf(store, await requirePlayer(store, request)),
  );
  const lists = [
    [ROUTES.addMuted, 'mutes', true],
    [ROUTES.removeMuted, 'mutes', false],
    [ROUTES.addBlocked, 'blocks', true],
    [ROUTES.removeBlocked, 'blocks', false],
  ] as const satisfies readonly (readonly [unknown, ModerationList, boolean])[];
  for (const [spec, list, on] of lists) {
    route(app, spec, async ({ request, params }) => {
      const player = await requirePlayer(store, request);
      await tables.setListed(player, list, params.playerId.slice(0, 64), on);
      return listsOf(store, player);
    });
  }
  route(app, ROUTES.reportChatLine, async ({ request, params }) => {
    const player = await requirePlayer(store, request);
    await tables.reportChatLine(player, params.id, lineNumber(params.seq));
    return { reported: true as const };
  });
  route(app, ROUTES.removeChatLine, async ({ request, params }) => {
    const host = await requirePlayer(store, request);
    const seq = lineNumber(params.seq);
    await tables.removeChatLine(host, params.id, seq);
    return { removed: seq };
  });
}
