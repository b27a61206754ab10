/**
 * Flags shared by the commands that start games (play, simulate, tournament, balance, bench):
 * the seed, the variants and the table options, turned into the engine's GameOptionsInput.
 */

import type { GameOptionsInput } from '@gangsta/engine';
import { type Command, InvalidArgumentError } from 'commander';
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

export interface VariantFlags {
  seed?: number;
  families?: boolean;
  resources?: boolean;
  expert?: boolean;
  minPassIncome?: boolean;
  catchUp?: boolean;
  privateIp?: boolean;
}

/** Adds the variant and table-option flags (and --seed) to a command. */
export function addVariantOptions(command: Command, seedHelp = 'seed of the game'): Command {
  return addVariantFlags(command.option('--seed <n>', seedHelp, intArg(0, 2 ** 31 - 1)));
}

/** The variant and table-option flags alone (online tables: the server draws the seed). */
export function addVariantFlags(command: Command): Command {
  return command
    .option('--families', 'families variant: family discount and majorities (R-FAM)')
    .option('--resources', 'resource cards variant (R-RES)')
    .option('--expert', 'with --resources: dealt 3, keep 2 (R-SETUP-3)')
    .option('--min-pass-income', 'table option: passing pays at least $2 (R-OPT-1)')
    .option('--catch-up', 'table option: +$1 starting cash per seat after the first (R-OPT-2)')
    .option('--private-ip', "table option: hide others' running heist IP (R-OPT-3)");
}

/** The engine's options for `players` seats from the variant flags. */
export function gameOptionsFrom(
  flags: VariantFlags,
  players: number,
  seed: number,
): GameOptionsInput {
  if (flags.expert && !flags.resources) {
    throw new UsageError('--expert needs --resources (it changes how resource cards are dealt)');
  }
  return {
    players,
    seed,
    families: flags.families === true,
    resources: flags.resources === true,
    expertResources: flags.expert === true,
    minimumPassIncome: flags.minPassIncome === true,
    catchUpCash: flags.catchUp === true,
    privateHeistInfluence: flags.privateIp === true,
  };
}

/** A seed from the flag, or a fresh one (printed by the caller so the game can be replayed). */
export function seedOrRandom(seed: number | undefined): number {
  return seed ?? Math.floor(Math.random() * 2 ** 31);
}
