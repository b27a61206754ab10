/** Game options: defaults and validation (R-COMP-9, R-OPT). */
import { z } from 'zod';
import type { GameOptions, GameOptionsInput } from './types.ts';

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 4;

export const gameOptionsSchema = z
  .object({
    players: z.number().int().min(MIN_PLAYERS).max(MAX_PLAYERS),
    seed: z.number().int().min(0).max(0xffffffff).default(0),
    families: z.boolean().default(false),
    resources: z.boolean().default(false),
    expertResources: z.boolean().default(false),
    minimumPassIncome: z.boolean().default(false),
    catchUpCash: z.boolean().default(false),
    privateHeistInfluence: z.boolean().default(false),
    firstPlayer: z.number().int().min(0).optional(),
    bosses: z.array(z.string()).optional(),
  })
  .strict()
  .superRefine((o, ctx) => {
    if (o.expertResources && !o.resources) {
      ctx.addIssue({
        code: 'custom',
        path: ['expertResources'],
        message: 'the expert deal needs the resources variant',
      });
    }
    if (o.firstPlayer !== undefined && o.firstPlayer >= o.players) {
      ctx.addIssue({
        code: 'custom',
        path: ['firstPlayer'],
        message: `must be a seat below ${o.players}`,
      });
    }
    if (o.bosses && (o.bosses.length !== o.players || new Set(o.bosses).size !== o.bosses.length)) {
      ctx.addIssue({ code: 'custom', path: ['bosses'], message: 'one distinct Boss per seat' });
    }
  });

export type OptionsResult = { ok: true; options: GameOptions } | { ok: false; message: string };

export function parseOptions(input: GameOptionsInput | unknown): OptionsResult {
  const result = gameOptionsSchema.safeParse(input);
  if (result.success) return { ok: true, options: result.data as GameOptions };
  const message = result.error.issues
    .map((i) => `${i.path.join('.') || 'options'}: ${i.message}`)
    .join('; ');
  return { ok: false, message };
}
