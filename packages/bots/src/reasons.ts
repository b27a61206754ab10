/**
 * Why a bot chose its move, as a message id with parameters rather than a sentence, so every
 * client can say it in its own language (the web client translates `botReasons.<id>`; the
 * command line uses the English renderer in describeReason.ts).
 *
 * Parameter names follow one convention that renderers rely on: `card` or a name ending in
 * `Card` holds a card id, `cards` a list of card ids, `seat` or a name ending in `Seat` a
 * 0-based seat, `skill` a skill letter, `skills` a list of skill letters; an object parameter
 * is a nested reason and a list of objects a list of nested reasons. Everything else is a
 * number. The catalog below is the only list of ids; the English text is the reference wording
 * (the web's en.json is generated from it) and uses the same `{{name}}` placeholders.
 */
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${{amount}}` is a dollar sign before an i18next placeholder, not a template
import type { CardId, Seat, Skill } from '@gangsta/engine';

/** How a parameter is rendered: see the naming convention above. */
export type ReasonParamKind =
  | 'card'
  | 'cards'
  | 'seat'
  | 'skill'
  | 'skills'
  | 'number'
  | 'reason'
  | 'reasons';

interface ParamTypes {
  card: CardId;
  cards: readonly CardId[];
  seat: Seat;
  skill: Skill;
  skills: readonly Skill[];
  number: number;
  reason: Reason;
  reasons: readonly Reason[];
}

interface CatalogEntry {
  en: string;
  params: Record<string, ReasonParamKind>;
}

export const REASONS = {
  onlyMove: { en: 'Makes the only legal move.', params: {} },
  defaultChoice: { en: 'Takes the default choice.', params: {} },

  'action.heist': { en: 'Takes the {{plan}}.', params: { plan: 'reason' } },
  'action.bikerHeist': { en: 'Uses the Biker gang for the {{plan}}.', params: { plan: 'reason' } },
  'action.recruit': {
    en: 'Recruits {{card}}: {{value}}.',
    params: { card: 'card', value: 'reason' },
  },
  'action.recruitFromDeck': {
    en: 'Recruits {{card}} through the Informant network: {{value}}.',
    params: { card: 'card', value: 'reason' },
  },
  'action.pass': {
    en: 'Passes: no heist or recruit is worth more than the income.',
    params: {},
  },
  'action.fallback': { en: 'Takes the only action it found.', params: {} },

  'plan.all': {
    en: '{{card}} heist for {{rewards}}, engaging all {{count}} available members so the gang synchronizes next turn',
    params: { card: 'card', rewards: 'reasons', count: 'number' },
  },
  'plan.some': {
    en: '{{card}} heist for {{rewards}}, engaging {{count}} of our members',
    params: { card: 'card', rewards: 'reasons', count: 'number' },
  },
  'plan.allCoop': {
    en: '{{card}} heist for {{rewards}}, engaging all {{count}} available members so the gang synchronizes next turn, and {{others}} of the opponents’',
    params: { card: 'card', rewards: 'reasons', count: 'number', others: 'number' },
  },
  'plan.someCoop': {
    en: '{{card}} heist for {{rewards}}, engaging {{count}} of our members and {{others}} of the opponents’',
    params: { card: 'card', rewards: 'reasons', count: 'number', others: 'number' },
  },

  'reward.income': { en: '${{amount}}', params: { amount: 'number' } },
  'reward.influence': { en: '{{amount}} IP', params: { amount: 'number' } },
  'reward.recruit': { en: 'a recruit', params: {} },
  'reward.training': { en: 'training ({{skill}})', params: { skill: 'skill' } },
  'reward.playAgain': { en: 'another turn', params: {} },
  'reward.theft': { en: 'theft of ${{amount}}', params: { amount: 'number' } },
  'reward.assassination': { en: 'an assassination', params: {} },
  'reward.mobilization': { en: 'a mobilization', params: {} },
  'reward.diversion': { en: 'diversion of {{amount}}', params: { amount: 'number' } },

  'gangster.value': {
    en: 'adds {{skills}} for ${{cost}}',
    params: { skills: 'skills', cost: 'number' },
  },
  'gangster.valueWith': {
    en: 'adds {{skills}} for ${{cost}}, which {{extras}}',
    params: { skills: 'skills', cost: 'number', extras: 'reasons' },
  },
  'gangster.activatesResource': { en: 'activates a resource card', params: {} },
  'gangster.opensHeist': { en: 'opens a good heist in the row', params: {} },
  'gangster.endsChapter': { en: 'ends the chapter in our favour', params: {} },

  'bank.withdrawToRecruit': {
    en: 'Takes ${{amount}} from the Bank to recruit {{card}}.',
    params: { amount: 'number', card: 'card' },
  },
  'bank.withdrawForReward': {
    en: 'Takes ${{amount}} from the Bank to recruit {{card}} as the heist’s reward.',
    params: { amount: 'number', card: 'card' },
  },
  'bank.withdrawForSnitch': {
    en: 'Takes ${{amount}} from the Bank to pay the snitch.',
    params: { amount: 'number' },
  },
  'bank.deposit': {
    en: 'Deposits ${{amount}} on the Bank, safe from theft and snitches.',
    params: { amount: 'number' },
  },
  'bank.keep': { en: 'Keeps its cash in hand.', params: {} },

  'mobilize.freeReady': {
    en: 'Readies {{card}} for free with a Leader.',
    params: { card: 'card' },
  },
  'mobilize.paidReady': {
    en: 'Pays $1 to ready {{card}}: it opens a better action this turn.',
    params: { card: 'card' },
  },
  'mobilize.headquarters': {
    en: 'Pays ${{price}} at Headquarters to ready the whole gang.',
    params: { price: 'number' },
  },
  'mobilize.notWorth': {
    en: 'Ends mobilization: readying more would not pay.',
    params: {},
  },
  'mobilize.end': { en: 'Ends mobilization.', params: {} },

  'highTech.remove': {
    en: 'Removes a {{skill}} icon with High-tech equipment: the cheapest way to complete the heist.',
    params: { skill: 'skill' },
  },
  'highTech.keep': { en: 'Keeps the requirement as printed.', params: {} },

  'activate.plan': {
    en: 'Activates {{card}}: {{plan}}.',
    params: { card: 'card', plan: 'reason' },
  },
  'activate.planOpponent': {
    en: 'Activates {{card}} of {{seat}}: {{plan}}.',
    params: { card: 'card', seat: 'seat', plan: 'reason' },
  },
  'activate.solver': {
    en: 'Activates {{card}}, following the heist solver.',
    params: { card: 'card' },
  },
  'activate.any': { en: 'Activates {{card}}.', params: { card: 'card' } },
  'activate.abandon': { en: 'Gives up a heist it cannot complete.', params: {} },

  'mobilizationReward.take': { en: 'Readies the whole gang for free.', params: {} },
  'mobilizationReward.decline': { en: 'Declines the mobilization.', params: {} },

  'optionalReady.ready': {
    en: 'Readies {{card}} with the {{sourceCard}}.',
    params: { card: 'card', sourceCard: 'card' },
  },
  'optionalReady.skipSync': {
    en: 'Skips the {{sourceCard}}: the gang synchronizes next turn anyway.',
    params: { sourceCard: 'card' },
  },
  'optionalReady.skip': { en: 'Skips the {{sourceCard}}.', params: { sourceCard: 'card' } },

  'hospital.return': {
    en: 'Brings {{card}} back from the Hospital.',
    params: { card: 'card' },
  },
  'hospital.keepChapter': {
    en: 'Leaves the Hospital as it is: a return would end the chapter against us.',
    params: {},
  },
  'hospital.keep': { en: 'Leaves the Hospital as it is.', params: {} },

  'recruitReward.recruit': {
    en: 'Recruits {{card}} as the heist’s reward.',
    params: { card: 'card' },
  },
  'recruitReward.notWorth': {
    en: 'Declines the recruit: nobody in the row is worth the price.',
    params: {},
  },
  'recruitReward.decline': { en: 'Declines the recruit.', params: {} },

  'training.train': {
    en: 'Trains {{card}}, the member safest to keep the skill.',
    params: { card: 'card' },
  },
  'training.skip': { en: 'Skips the training.', params: {} },

  'theft.target': {
    en: 'Robs {{seat}}: the most money taken from the strongest rival.',
    params: { seat: 'seat' },
  },
  'theft.only': { en: 'Robs the only target.', params: {} },
  'assassination.target': {
    en: 'Orders a hit on {{seat}}, the rival to slow down.',
    params: { seat: 'seat' },
  },
  'assassination.only': { en: 'Targets the only rival.', params: {} },
  'diversion.engage': {
    en: 'Diverts {{card}} of {{seat}} before their next heist.',
    params: { card: 'card', seat: 'seat' },
  },
  'diversion.stop': {
    en: 'Stops the diversion: engaging more would only synchronize a rival.',
    params: {},
  },
  'diversion.any': { en: 'Diverts what it can.', params: {} },
  'gangWar.pick': {
    en: 'Makes {{seat}} lose {{card}}, their strongest member.',
    params: { seat: 'seat', card: 'card' },
  },
  'gangWar.only': { en: 'Picks the only member.', params: {} },

  'discard.assassination': {
    en: 'Gives up {{card}}, the least useful member, to the assassination.',
    params: { card: 'card' },
  },
  'discard.snitch': {
    en: 'Gives up {{card}}, the least useful member, to the snitch.',
    params: { card: 'card' },
  },
  'discard.gangWar': {
    en: 'Gives up {{card}}, the least useful member, in the gang war.',
    params: { card: 'card' },
  },
  'discard.forced': { en: 'Loses a member.', params: {} },
  'rowDiscard.discard': {
    en: 'Discards {{card}}, which the next rival wanted more than we do.',
    params: { card: 'card' },
  },
  'rowDiscard.keep': { en: 'Keeps the rows as they are.', params: {} },
  'rowDiscard.any': { en: 'Discards a row card.', params: {} },

  'resources.keep': {
    en: 'Keeps {{cards}}: the Boss and the recruits in sight come closest to their requirements.',
    params: { cards: 'cards' },
  },
  'resources.first': { en: 'Keeps the first choice.', params: {} },

  'search.agrees': {
    en: '{{reason}} Playing many possible games from here confirms it.',
    params: { reason: 'reason' },
  },
  'search.prefers': {
    en: 'After playing many possible games from here, {{move}} came out best.',
    params: { move: 'reason' },
  },

  'move.keepResources': { en: 'keeping {{cards}}', params: { cards: 'cards' } },
  'move.ready': { en: 'readying {{card}}', params: { card: 'card' } },
  'move.headquarters': { en: 'readying the gang at Headquarters', params: {} },
  'move.deposit': { en: 'depositing ${{amount}}', params: { amount: 'number' } },
  'move.withdraw': { en: 'withdrawing ${{amount}}', params: { amount: 'number' } },
  'move.recruit': { en: 'recruiting {{card}}', params: { card: 'card' } },
  'move.recruitFromDeck': { en: 'recruiting through the Informant network', params: {} },
  'move.heist': { en: 'taking the {{card}} heist', params: { card: 'card' } },
  'move.heistFromDeck': { en: 'taking the Biker gang heist', params: {} },
  'move.pass': { en: 'passing', params: {} },
  'move.removeIcon': { en: 'removing a {{skill}} icon', params: { skill: 'skill' } },
  'move.activate': { en: 'activating {{card}}', params: { card: 'card' } },
  'move.abandonHeist': { en: 'giving up the heist', params: {} },
  'move.train': { en: 'training {{card}}', params: { card: 'card' } },
  'move.target': { en: 'targeting {{seat}}', params: { seat: 'seat' } },
  'move.discardMember': { en: 'discarding {{card}}', params: { card: 'card' } },
  'move.mobilizeGang': { en: 'readying the whole gang', params: {} },
  'move.engage': { en: 'engaging {{card}}', params: { card: 'card' } },
  'move.returnFromHospital': { en: 'bringing {{card}} back', params: { card: 'card' } },
  'move.discardRow': { en: 'discarding {{card}} from the row', params: { card: 'card' } },
  'move.done': { en: 'moving on', params: {} },
} as const satisfies Record<string, CatalogEntry>;

type Catalog = typeof REASONS;
export type ReasonId = keyof Catalog;

export type ReasonParams<I extends ReasonId> = {
  -readonly [P in keyof Catalog[I]['params']]: ParamTypes[Catalog[I]['params'][P] &
    ReasonParamKind];
};

/** A reason: a catalog id with its parameters. Plain JSON (it crosses to a Web Worker). */
export type Reason = { [I in ReasonId]: { id: I; params: ReasonParams<I> } }[ReasonId];

export const REASON_IDS = Object.keys(REASONS) as ReasonId[];

/** Builds a reason, its parameters checked against the catalog. */
export function reason<I extends ReasonId>(id: I, params: ReasonParams<I>): Reason {
  return { id, params } as Reason;
}

/** The kind a parameter name announces by the naming convention, or null for a number/nesting. */
export function conventionKind(name: string): ReasonParamKind | null {
  if (name === 'card' || name.endsWith('Card')) return 'card';
  if (name === 'cards') return 'cards';
  if (name === 'seat' || name.endsWith('Seat')) return 'seat';
  if (name === 'skill') return 'skill';
  if (name === 'skills') return 'skills';
  return null;
}

/** What is wrong with a reason received from elsewhere: an unknown id, missing or extra params. */
export function reasonProblems(value: unknown, at = 'reason'): string[] {
  if (typeof value !== 'object' || value === null) return [`${at}: not an object`];
  const { id, params } = value as { id?: unknown; params?: unknown };
  if (typeof id !== 'string' || !(id in REASONS)) return [`${at}: unknown id ${String(id)}`];
  if (typeof params !== 'object' || params === null) return [`${at} (${id}): no params`];
  const declared: Record<string, ReasonParamKind> = REASONS[id as ReasonId].params;
  const given = params as Record<string, unknown>;
  const problems: string[] = [];
  for (const name of Object.keys(declared)) {
    if (!(name in given)) problems.push(`${at} (${id}): missing ${name}`);
  }
  for (const [name, param] of Object.entries(given)) {
    const kind = declared[name];
    if (!kind) problems.push(`${at} (${id}): unexpected ${name}`);
    else if (kind === 'reason') problems.push(...reasonProblems(param, `${at}.${name}`));
    else if (kind === 'reasons') {
      if (!Array.isArray(param)) problems.push(`${at} (${id}): ${name} is not a list`);
      else {
        param.forEach((item, i) => {
          problems.push(...reasonProblems(item, `${at}.${name}[${i}]`));
        });
      }
    }
  }
  return problems;
}
