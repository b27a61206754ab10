/**
 * Game options (R-COMP-9, R-OPT): one description, as data, of every option a game is created
 * with: its kind, range and default. The engine's own validation is built from it here, the
 * protocol's table options, the command line's flags and the web client's option fields from
 * the same data, so a range or a default is written down once.
 */
import { z } from 'zod';
import type { GameOptions, GameOptionsInput } from './types.ts';

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 4;

/**
 * The rulesets a table plays by (R-OPT-4): the online edition's, the default, or the printed
 * rulebooks' where the two differ.
 */
export const RULESETS = ['online', 'printed'] as const;

/** How one option is described. */
export type OptionSpec =
  /** A whole number in [min, max]; `default` when it may be left out. */
  | { kind: 'integer'; min: number; max: number; default?: number }
  /**
   * A rule switched on or off: a variant (which cards are used) or a table option (R-OPT).
   * `rule` is the id in docs/rules.md; `requires` another flag it only exists with.
   */
  | {
      kind: 'flag';
      group: 'variant' | 'tableOption';
      default: boolean;
      rule: string;
      requires?: { flag: string; message: string };
    }
  /**
   * One of a few named values (a table option with more than two settings, R-OPT); `default`
   * when it is left out, so a table or a saved game from before the option exists reads as
   * the default.
   */
  | {
      kind: 'choice';
      group: 'tableOption';
      values: readonly [string, ...string[]];
      default: string;
      rule: string;
    }
  /** A seat, 0 up to MAX_PLAYERS - 1 (and below the player count); optional. */
  | { kind: 'seat' }
  /** Card ids; optional. */
  | { kind: 'cardIds' };

/**
 * Every game option, in the order of `GameOptions` (types.ts, which documents each). Kept as
 * plain data: the zod schemas below, the protocol's table options, the command line and the
 * web client read it.
 */
export const GAME_OPTIONS = {
  players: { kind: 'integer', min: MIN_PLAYERS, max: MAX_PLAYERS },
  seed: { kind: 'integer', min: 0, max: 0xffffffff, default: 0 },
  families: { kind: 'flag', group: 'variant', default: false, rule: 'R-FAM' },
  resources: { kind: 'flag', group: 'variant', default: false, rule: 'R-RES' },
  expertResources: {
    kind: 'flag',
    group: 'variant',
    default: false,
    rule: 'R-SETUP-3',
    requires: { flag: 'resources', message: 'the expert deal needs the resources variant' },
  },
  minimumPassIncome: { kind: 'flag', group: 'tableOption', default: false, rule: 'R-OPT-1' },
  catchUpCash: { kind: 'flag', group: 'tableOption', default: false, rule: 'R-OPT-2' },
  privateHeistInfluence: { kind: 'flag', group: 'tableOption', default: false, rule: 'R-OPT-3' },
  ruleset: {
    kind: 'choice',
    group: 'tableOption',
    values: RULESETS,
    default: 'online',
    rule: 'R-OPT-4',
  },
  firstPlayer: { kind: 'seat' },
  bosses: { kind: 'cardIds' },
} as const satisfies { readonly [K in keyof GameOptions]-?: OptionSpec };

type Options = typeof GAME_OPTIONS;

/** The on/off options (variants and table options), in order. */
export type OptionFlag = {
  [K in keyof Options]: Options[K] extends { kind: 'flag' } ? K : never;
}[keyof Options];

function isFlag(name: keyof Options): name is OptionFlag {
  return GAME_OPTIONS[name].kind === 'flag';
}

export const OPTION_FLAGS: readonly OptionFlag[] = (
  Object.keys(GAME_OPTIONS) as (keyof Options)[]
).filter(isFlag);

/** The options with named values (the ruleset), in order. */
export type OptionChoice = {
  [K in keyof Options]: Options[K] extends { kind: 'choice' } ? K : never;
}[keyof Options];

function isChoice(name: keyof Options): name is OptionChoice {
  return GAME_OPTIONS[name].kind === 'choice';
}

export const OPTION_CHOICES: readonly OptionChoice[] = (
  Object.keys(GAME_OPTIONS) as (keyof Options)[]
).filter(isChoice);

/** The values an option with named values takes, by option. */
export type OptionChoiceValue<K extends OptionChoice> = Options[K]['values'][number];

/** Every option with named values at its default. */
export function defaultOptionChoices(): { [K in OptionChoice]: OptionChoiceValue<K> } {
  return Object.fromEntries(OPTION_CHOICES.map((name) => [name, GAME_OPTIONS[name].default])) as {
    [K in OptionChoice]: OptionChoiceValue<K>;
  };
}

/** Every flag at its default. */
export function defaultOptionFlags(): Record<OptionFlag, boolean> {
  return Object.fromEntries(
    OPTION_FLAGS.map((flag) => [flag, GAME_OPTIONS[flag].default]),
  ) as Record<OptionFlag, boolean>;
}

/** The flag that `flag` only exists with (the expert deal needs resource cards), and why. */
export function optionRequirement(
  flag: OptionFlag,
): { flag: OptionFlag; message: string } | undefined {
  const spec: OptionSpec = GAME_OPTIONS[flag];
  const requires = spec.kind === 'flag' ? spec.requires : undefined;
  return requires && { flag: requires.flag as OptionFlag, message: requires.message };
}

/** The zod schema of one option as data describes it. */
type SchemaOf<S> = S extends { kind: 'integer'; default: number }
  ? z.ZodDefault<z.ZodNumber>
  : S extends { kind: 'integer' }
    ? z.ZodNumber
    : S extends { kind: 'flag' }
      ? z.ZodDefault<z.ZodBoolean>
      : S extends { kind: 'choice'; values: infer V extends readonly [string, ...string[]] }
        ? z.ZodDefault<z.ZodEnum<{ [E in V[number]]: E }>>
        : S extends { kind: 'seat' }
          ? z.ZodOptional<z.ZodNumber>
          : z.ZodOptional<z.ZodArray<z.ZodString>>;

function schemaOf(spec: OptionSpec): z.ZodType {
  switch (spec.kind) {
    case 'integer': {
      const integer = z.number().int().min(spec.min).max(spec.max);
      return spec.default === undefined ? integer : integer.default(spec.default);
    }
    case 'flag':
      return z.boolean().default(spec.default);
    case 'choice':
      return z.enum(spec.values).default(spec.default);
    case 'seat':
      return z
        .number()
        .int()
        .min(0)
        .max(MAX_PLAYERS - 1)
        .optional();
    case 'cardIds':
      return z.array(z.string()).optional();
  }
}

/**
 * The type of `gameOptionShape`, named so that a declaration file that uses it (the protocol's
 * built package) refers to it: spelled out there, tsc wrote the choice's enum over an `infer`
 * variable out of its scope.
 */
export type GameOptionShape = { [K in keyof Options]: SchemaOf<Options[K]> };

/** The options' schemas by name, from `GAME_OPTIONS`: the protocol picks the table's from them. */
export const gameOptionShape = Object.fromEntries(
  Object.entries(GAME_OPTIONS).map(([name, spec]) => [name, schemaOf(spec)]),
) as GameOptionShape;

export const gameOptionsSchema = z.strictObject(gameOptionShape).superRefine((o, ctx) => {
  for (const flag of OPTION_FLAGS) {
    const requires = optionRequirement(flag);
    if (requires && o[flag] && !o[requires.flag]) {
      ctx.addIssue({ code: 'custom', path: [flag], message: requires.message });
    }
  }
  // A seat past MAX_PLAYERS - 1 has its own issue already.
  if (o.firstPlayer !== undefined && o.firstPlayer >= o.players && o.firstPlayer < MAX_PLAYERS) {
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
