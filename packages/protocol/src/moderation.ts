/**
 * Moderation over HTTP (the server's rules are in `packages/server/src/tables/watchers/moderation.ts`
 * and docs/protocol.md):
 *
 *   GET    /api/v1/me/moderation                    → ModerationLists
 *   PUT    /api/v1/me/muted/:playerId               → ModerationLists (their chat hidden for you)
 *   DELETE /api/v1/me/muted/:playerId               → ModerationLists
 *   PUT    /api/v1/me/blocked/:playerId             → ModerationLists (no chat, no seat with you)
 *   DELETE /api/v1/me/blocked/:playerId             → ModerationLists
 *   POST   /api/v1/tables/:id/chat/:seq/report      → ChatReported (stored for an operator)
 *   DELETE /api/v1/tables/:id/chat/:seq             → ChatLineRemoved (the host; a spectator's line)
 */
import { z } from 'zod';

/** A player on one of the lists, by id, with their display name now. */
export const listedPlayerSchema = z.object({ id: z.string(), name: z.string() });
export type ListedPlayer = z.infer<typeof listedPlayerSchema>;

export const moderationListsSchema = z.object({
  muted: z.array(listedPlayerSchema),
  blocked: z.array(listedPlayerSchema),
});
export type ModerationLists = z.infer<typeof moderationListsSchema>;

export const chatReportedSchema = z.object({ reported: z.literal(true) });
export type ChatReported = z.infer<typeof chatReportedSchema>;

export const chatLineRemovedSchema = z.object({ removed: z.number().int() });
export type ChatLineRemoved = z.infer<typeof chatLineRemovedSchema>;
