/**
 * Flags shared by the commands that start games (play, simulate, tournament, balance, bench):
 * the seed, the variants and the table options, turned into the engine's GameOptionsInput.
 */

import {
  defaultOptionChoices,
  defaultOptionFlags,
  GAME_OPTIONS,
  type GameOptionsInput,
  MAX_PLAYERS,
  MIN_PLAYERS,
  OPTION_CHOICES,
  OPTION_FLAGS,
  type OptionChoice,
  type OptionFlag,
  optionRequirement,
} from '@gangsta/engine';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { UsageError } from './errors.ts';

/** A commander parser for an integer in [min, max]. */
export function intArg(min: number, max = Number.MAX_SAFE_INTEGER) {
  return (value: string): number => {
    if (!/^-?\d+$/.test(value.trim())) throw new InvalidArgumentError('expected a whole number.');
    const n = Number(value);
    if (n < min || n > max) {
      throw new InvalidArgumentError(
        max === Number.MAX_SAFE_INTEGER
          ? `expected at least ${min}.`
          : `expected ${min} to ${max}.`,
      );
    }
    return n;
  };
}

/** A player count the engine allows (MIN_PLAYERS to MAX_PLAYERS), as commander parses it. */
export const playerCountArg = intArg(MIN_PLAYERS, MAX_PLAYERS);
/** "2 to 4", for messages and help. */
export const PLAYER_COUNTS = `${MIN_PLAYERS} to ${MAX_PLAYERS}`;

/** Refuses a number of seats the engine does not play. */
export function checkPlayerCount(count: number, what: string): void {
  if (count < MIN_PLAYERS || count > MAX_PLAYERS) {
    throw new UsageError(`${what} must list ${PLAYER_COUNTS} seats, got ${count}`);
  }
}

/** A commander parser for a comma-separated list, each item checked by `item`. */
export function listArg<T>(item: (text: string) => T) {
  return (value: string): T[] => {
    const parts = value.split(',').map((p) => p.trim());
    if (parts.some((p) => p === '')) throw new InvalidArgumentError('empty item in the list.');
    return parts.map((p) => {
      try {
        return item(p);
      } catch (error) {
        throw new InvalidArgumentError(`"${p}": ${(error as Error).message}`);
      }
    });
  };
}

/**
 * The command line's spelling and help for each on/off option of the engine's `GAME_OPTIONS`.
 * Which options exist, which are variants or table options, their rule ids and which needs
 * which come from the engine.
 */
const FLAG_TEXT: Record<OptionFlag, { name: string; help: string }> = {
  families: { name: 'families', help: 'family discount and majorities' },
  resources: { name: 'resources', help: 'resource cards' },
  expertResources: { name: 'expert', help: 'dealt 3, keep 2' },
  minimumPassIncome: { name: 'min-pass-income', help: 'passing pays at least $2' },
  catchUpCash: { name: 'catch-up', help: '+$1 starting cash per seat after the first' },
  privateHeistInfluence: { name: 'private-ip', help: "hide others' running heist IP" },
};

/**
 * The command line's spelling and help for each option with named values of the engine's
 * `GAME_OPTIONS` (the ruleset); the values, the default and the rule id come from the engine.
 */
const CHOICE_TEXT: Record<OptionChoice, { name: string; help: string }> = {
  ruleset: { name: 'ruleset', help: "the online edition's rules or the printed rulebooks'" },
};

/** An option with named values as given to commander (`--ruleset <name>`). */
function cliChoice(name: OptionChoice): Option {
  const spec = GAME_OPTIONS[name];
  return new Option(
    `--${CHOICE_TEXT[name].name} <name>`,
    `table option: ${CHOICE_TEXT[name].help} (${spec.rule}; default ${spec.default})`,
  ).choices(spec.values);
}

/** An option flag as given to commander, and the property commander stores it under. */
function cliFlag(flag: OptionFlag): Option {
  const spec = GAME_OPTIONS[flag];
  const needs = optionRequirement(flag)?.flag;
  const group = spec.group === 'variant' ? 'variant' : 'table option';
  const prefix = needs ? `with --${FLAG_TEXT[needs].name}: ` : `${group}: `;
  return new Option(`--${FLAG_TEXT[flag].name}`, `${prefix}${FLAG_TEXT[flag].help} (${spec.rule})`);
}

/** What commander parsed: `--seed`, and each option flag under its attribute name. */
export interface VariantFlags {
  seed?: number;
  [attribute: string]: unknown;
}

/** Adds the variant and table-option flags (and --seed) to a command. */
export function addVariantOptions(command: Command, seedHelp = 'seed of the game'): Command {
  command.option('--seed <n>', seedHelp, intArg(0, 2 ** 31 - 1));
  return addVariantFlags(command);
}

/** The variant and table-option flags alone (online tables: the server draws the seed). */
export function addVariantFlags(command: Command): Command {
  for (const flag of OPTION_FLAGS) command.addOption(cliFlag(flag));
  for (const name of OPTION_CHOICES) command.addOption(cliChoice(name));
  return command;
}

/** The engine's options for `players` seats from the variant flags. */
export function gameOptionsFrom(
  flags: VariantFlags,
  players: number,
  seed: number,
): GameOptionsInput {
  const chosen = defaultOptionFlags();
  for (const flag of OPTION_FLAGS) {
    const given = flags[cliFlag(flag).attributeName()];
    if (given !== undefined) chosen[flag] = given === true;
  }
  for (const flag of OPTION_FLAGS) {
    const needs = optionRequirement(flag);
    if (chosen[flag] && needs && !chosen[needs.flag]) {
      const [name, other] = [FLAG_TEXT[flag].name, FLAG_TEXT[needs.flag].name];
      throw new UsageError(`--${name} needs --${other} (${needs.message})`);
    }
  }
  const choices = defaultOptionChoices();
  for (const name of OPTION_CHOICES) {
    const given = flags[cliChoice(name).attributeName()];
    if (typeof given === 'string') (choices as Record<string, string>)[name] = given;
  }
  return { players, seed, ...chosen, ...choices };
}

/** A seed from the flag, or a fresh one (printed by the caller so the game can be replayed). */
export function seedOrRandom(seed: number | undefined): number {
  return seed ?? Math.floor(Math.random() * 2 ** 31);
}
