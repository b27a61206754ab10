/**
 * The card-set format. A card set is plain data (see classic.ts); `parseCardSet` validates
 * one at load and reports every problem with the card id and the field, so a broken custom
 * deck is refused before a game starts rather than failing half-way through.
 */
import { z } from 'zod';

export const SKILLS = ['L', 'M', 'I', 'S', 'B', 'H'] as const;
export const skillSchema = z.enum(SKILLS);
/** L Leader, M Mercenary, I Informant, S Sniper, B Brawler, H Hacker (R-COMP-1). */
export type Skill = z.infer<typeof skillSchema>;

/**
 * The skills' names in the rules (R-COMP-1), for English text outside the web client: the
 * command line, the bots' reasons, logs. The web client's words are its translations
 * (`skills` in its locales; a test checks that English matches these).
 */
export const SKILL_NAMES: Readonly<Record<Skill, string>> = {
  L: 'Leader',
  M: 'Mercenary',
  I: 'Informant',
  S: 'Sniper',
  B: 'Brawler',
  H: 'Hacker',
};

export const FAMILIES = ['bratva', 'cartel', 'ghettoGang', 'mafia', 'triads'] as const;
export const familySchema = z.enum(FAMILIES);
export type Family = z.infer<typeof familySchema>;

export const HEIST_KINDS = [
  'armoredVan',
  'casino',
  'inmateTransfer',
  'jewelry',
  'supermarket',
  'rivalGangs',
  'hackAttack',
  'drugDealer',
  'offshoreInvestments',
  'artTheft',
] as const;
export const heistKindSchema = z.enum(HEIST_KINDS);
export type HeistKind = z.infer<typeof heistKindSchema>;

const cardId = z.string().regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only');
const icons = z.array(skillSchema);
const amount = z.number().int().positive();

/** One reward of a heist (R-REW-1..9), resolved in the order printed. */
export const rewardSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('income'), amount }),
  z.object({ kind: z.literal('influence'), amount }),
  z.object({ kind: z.literal('recruit') }),
  z.object({ kind: z.literal('training'), skill: skillSchema }),
  z.object({ kind: z.literal('playAgain') }),
  z.object({ kind: z.literal('theft'), amount }),
  z.object({ kind: z.literal('assassination') }),
  z.object({ kind: z.literal('mobilization') }),
  z.object({ kind: z.literal('diversion'), amount }),
]);
export type Reward = z.infer<typeof rewardSchema>;
export type RewardKind = Reward['kind'];

export const bossSchema = z.object({
  id: cardId,
  family: familySchema,
  skills: icons.min(1),
  money: z.number().int().nonnegative(),
  ip: z.number().int().nonnegative(),
});
export type BossCard = z.infer<typeof bossSchema>;

export const gangsterSchema = z.object({
  id: cardId,
  family: familySchema,
  skills: icons.min(1).max(3),
  cost: z.number().int().nonnegative(),
  ip: z.number().int().nonnegative(),
});
export type GangsterCard = z.infer<typeof gangsterSchema>;

export const heistSchema = z
  .object({
    id: cardId,
    kind: heistKindSchema,
    chapter: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    coop: z.boolean(),
    requirement: icons.min(1),
    rewardA: z.array(rewardSchema),
    rewardB: z.array(rewardSchema),
    /**
     * A heist of the online edition only, not in the printed box (R-COMP-5): left out of the
     * decks by the printed ruleset (R-OPT-4).
     */
    onlineOnly: z.boolean().optional(),
  })
  .superRefine((heist, ctx) => {
    if (heist.coop && heist.chapter === 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['coop'],
        message: 'chapter I has no cooperative heist (R-COMP-5)',
      });
    }
    if (!heist.coop && heist.rewardB.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['rewardB'],
        message: 'only a cooperative heist has reward B',
      });
    }
    if (heist.coop && heist.rewardB.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['rewardB'],
        message: 'a cooperative heist needs reward B',
      });
    }
    for (const reward of heist.rewardB) {
      if (reward.kind === 'playAgain' || reward.kind === 'training') {
        ctx.addIssue({
          code: 'custom',
          path: ['rewardB'],
          message: `reward B never contains ${reward.kind} (R-COMP-5)`,
        });
      }
    }
  });
export type HeistCard = z.infer<typeof heistSchema>;

export const snitchSchema = z.object({
  id: cardId,
  chapter: z.union([z.literal(2), z.literal(3)]),
  value: z.number().int().positive(),
});
export type SnitchCard = z.infer<typeof snitchSchema>;

export const RESOURCE_EFFECTS = [
  'policeStation',
  'blackMarket',
  'headquarters',
  'counterfeitPrinter',
  'privateJet',
  'media',
  'highTechEquipment',
  'secretSociety',
  'bank',
  'bikerGang',
  'hospital',
  'informantNetwork',
] as const;
export const resourceEffectSchema = z.enum(RESOURCE_EFFECTS);
export type ResourceEffect = z.infer<typeof resourceEffectSchema>;

/**
 * A resource card (R-COMP-7, R-RES-2). `amount` is the effect's number where it has one:
 * Police station's cap, Black market's income, Headquarters' price, Counterfeit printer's
 * income, Media's maximum, Bank's capacity, Biker gang's price. `heistKinds` lists the heists
 * High-tech equipment works on.
 */
export const resourceSchema = z.object({
  id: cardId,
  effect: resourceEffectSchema,
  requirement: icons.min(1),
  ip: z.number().int().nonnegative(),
  amount: z.number().int().nonnegative().optional(),
  heistKinds: z.array(heistKindSchema).optional(),
});
export type ResourceCard = z.infer<typeof resourceSchema>;

export const cardSetSchema = z
  .object({
    id: cardId,
    bosses: z.array(bossSchema).min(4),
    gangsters: z.array(gangsterSchema).min(10),
    heists: z.array(heistSchema),
    snitches: z.array(snitchSchema),
    resources: z.array(resourceSchema),
  })
  .superRefine((set, ctx) => {
    const seen = new Set<string>();
    const groups = ['bosses', 'gangsters', 'heists', 'snitches', 'resources'] as const;
    for (const group of groups) {
      set[group].forEach((card, index) => {
        if (seen.has(card.id)) {
          ctx.addIssue({
            code: 'custom',
            path: [group, index, 'id'],
            message: `duplicate card id ${card.id}`,
          });
        }
        seen.add(card.id);
      });
    }
    for (const chapter of [1, 2, 3] as const) {
      const count = set.heists.filter((h) => h.chapter === chapter).length;
      if (count < 5) {
        ctx.addIssue({
          code: 'custom',
          path: ['heists'],
          message: `chapter ${chapter} needs at least 5 heists for its row, has ${count}`,
        });
      }
    }
    const effects = new Set<string>();
    set.resources.forEach((card, index) => {
      if (effects.has(card.effect)) {
        ctx.addIssue({
          code: 'custom',
          path: ['resources', index, 'effect'],
          message: `effect ${card.effect} appears twice`,
        });
      }
      effects.add(card.effect);
    });
  });
export type CardSet = z.infer<typeof cardSetSchema>;

/** A card-set problem, named by card and field: "heists[4] (HI-05).requirement[1]: ...". */
export class CardSetError extends Error {
  readonly issues: string[];
  constructor(issues: string[]) {
    super(`invalid card set:\n  ${issues.join('\n  ')}`);
    this.name = 'CardSetError';
    this.issues = issues;
  }
}

function describePath(input: unknown, path: PropertyKey[]): string {
  let text = '';
  let node: unknown = input;
  for (const key of path) {
    text += typeof key === 'number' ? `[${key}]` : text === '' ? String(key) : `.${String(key)}`;
    node =
      node && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined;
    if (typeof key === 'number' && node && typeof node === 'object' && 'id' in node) {
      text += ` (${String((node as { id: unknown }).id)})`;
    }
  }
  return text || '(card set)';
}

/** Validates unknown data as a card set; throws CardSetError naming each bad card and field. */
export function parseCardSet(input: unknown): CardSet {
  const result = cardSetSchema.safeParse(input);
  if (result.success) return result.data;
  throw new CardSetError(
    result.error.issues.map((issue) => `${describePath(input, issue.path)}: ${issue.message}`),
  );
}
