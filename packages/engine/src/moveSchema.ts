/** The shape of a move from outside (a client, a file): checked before any rule is consulted. */
import { z } from 'zod';
import { skillSchema } from './cards/schema.ts';
import type { Move } from './types.ts';

const seat = z.number().int().min(0).max(3);
const card = z.string().min(1).max(40);

export const moveSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('keepResources'), seat, cards: z.array(card).max(3) }).strict(),
  z.object({ type: z.literal('ready'), seat, member: card }).strict(),
  z.object({ type: z.literal('headquarters'), seat }).strict(),
  z
    .object({
      type: z.literal('bank'),
      seat,
      amount: z
        .number()
        .int()
        .refine((n) => n !== 0, 'not 0'),
    })
    .strict(),
  z.object({ type: z.literal('recruit'), seat, card }).strict(),
  z.object({ type: z.literal('recruitFromDeck'), seat }).strict(),
  z.object({ type: z.literal('heist'), seat, card }).strict(),
  z.object({ type: z.literal('heistFromDeck'), seat }).strict(),
  z.object({ type: z.literal('pass'), seat }).strict(),
  z.object({ type: z.literal('removeIcon'), seat, skill: skillSchema }).strict(),
  z.object({ type: z.literal('activate'), seat, member: card }).strict(),
  z.object({ type: z.literal('abandonHeist'), seat }).strict(),
  z.object({ type: z.literal('train'), seat, member: card }).strict(),
  z.object({ type: z.literal('target'), seat, target: seat }).strict(),
  z.object({ type: z.literal('discardMember'), seat, member: card }).strict(),
  z.object({ type: z.literal('mobilizeGang'), seat }).strict(),
  z.object({ type: z.literal('engage'), seat, member: card }).strict(),
  z.object({ type: z.literal('returnFromHospital'), seat, member: card }).strict(),
  z.object({ type: z.literal('discardRow'), seat, card }).strict(),
  z.object({ type: z.literal('done'), seat }).strict(),
]);

export type MoveParse = { ok: true; move: Move } | { ok: false; message: string };

export function parseMove(input: unknown): MoveParse {
  const result = moveSchema.safeParse(input);
  if (result.success) return { ok: true, move: result.data as Move };
  const message = result.error.issues
    .map((i) => `${i.path.join('.') || 'move'}: ${i.message}`)
    .join('; ');
  return { ok: false, message };
}

/** The card ids a move names (the members, row cards or resource cards it acts on). */
export function cardsNamed(move: Move): string[] {
  switch (move.type) {
    case 'keepResources':
      return move.cards;
    case 'recruit':
    case 'heist':
    case 'discardRow':
      return [move.card];
    case 'ready':
    case 'activate':
    case 'train':
    case 'discardMember':
    case 'engage':
    case 'returnFromHospital':
      return [move.member];
    default:
      return [];
  }
}
