/**
 * `gangsta online`: the server's lobby, "my games", creating and joining tables, and playing or
 * watching one in the terminal. HTTP answers are read through the protocol's schemas; the
 * socket is `@gangsta/client`'s. Identity: see online/identity.ts.
 */
import {
  BOT_LEVELS,
  type BotLevel,
  CLOCK_PRESETS,
  type ClockSetting,
  type CreateTable,
  clockSettingSchema,
  createTableSchema,
  type SeatSetup,
  type TableInfo,
} from '@gangsta/protocol';
import { type Command, InvalidArgumentError } from 'commander';
import { UsageError } from '../errors.ts';
import { connectApi, type IdentityFlags } from '../online/identity.ts';
import { terminalText } from '../online/safeText.ts';
import { runTable } from '../online/table.ts';
import {
  addVariantFlags,
  gameOptionsFrom,
  intArg,
  listArg,
  type VariantFlags,
} from '../options.ts';

/** Where `npm start` serves the game (scripts/start.mjs: PORT 5173 unless set). */
const DEFAULT_SERVER = 'http://127.0.0.1:5173';

interface GlobalFlags {
  server?: string;
  name?: string;
  login?: string;
}

function identityFlags(command: Command): IdentityFlags {
  const flags = command.optsWithGlobals() as GlobalFlags;
  const server = flags.server ?? process.env.GANGSTA_SERVER ?? DEFAULT_SERVER;
  try {
    const url = new URL(server);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
  } catch {
    throw new UsageError(`--server: "${server}" is not an http(s) address`);
  }
  if (flags.name !== undefined && flags.login !== undefined) {
    throw new UsageError('--name and --login exclude each other: a guest or an account');
  }
  return {
    server,
    ...(flags.name !== undefined && { name: flags.name }),
    ...(flags.login !== undefined && { login: flags.login }),
  };
}

/** One seat of `--seats`: host, open, invited[:label], bot:LEVEL or a level alone. */
export function parseSeatSetup(text: string): SeatSetup {
  // Splitting a string always gives at least one part.
  const [head = '', ...rest] = text.split(':');
  const tail = rest.join(':');
  const kind = head.toLowerCase();
  if ((kind === 'host' || kind === 'open') && rest.length === 0) return { kind };
  if (kind === 'invited') return rest.length === 0 ? { kind } : { kind, label: tail };
  const level = (kind === 'bot' ? tail : rest.length === 0 ? kind : '').toLowerCase();
  if ((BOT_LEVELS as readonly string[]).includes(level)) {
    return { kind: 'bot', level: level as BotLevel };
  }
  throw new Error(
    `unknown seat "${text}"; use host, open, invited, invited:LABEL, bot:easy, bot:medium, bot:hard`,
  );
}

/** `--clock`: none, a preset (fast, normal, slow, day, threeDays), realtime:MIN+INC, turn:HOURS. */
export function parseClock(text: string): ClockSetting {
  const value = text.trim();
  if (value === 'none') return { kind: 'none' };
  if (value in CLOCK_PRESETS) return CLOCK_PRESETS[value as keyof typeof CLOCK_PRESETS];
  let setting: unknown = null;
  const realtime = /^realtime:(\d+(?:\.\d+)?)(?:\+(\d+))?$/.exec(value);
  const turn = /^turn:(\d+(?:\.\d+)?)$/.exec(value);
  if (realtime) {
    setting = {
      kind: 'realtime',
      bankMs: Math.round(Number(realtime[1]) * 60_000),
      incrementMs: Number(realtime[2] ?? '0') * 1000,
    };
  } else if (turn) {
    setting = { kind: 'turn', perMoveMs: Math.round(Number(turn[1]) * 3_600_000) };
  } else {
    throw new InvalidArgumentError(
      `use none, ${Object.keys(CLOCK_PRESETS).join(', ')}, realtime:MINUTES+SECONDS (e.g. realtime:10+5) or turn:HOURS (e.g. turn:24).`,
    );
  }
  const parsed = clockSettingSchema.safeParse(setting);
  if (!parsed.success) {
    throw new InvalidArgumentError(
      'out of bounds: a real-time bank of 0.5 to 180 minutes with at most 300 s per move, or 1 minute to 14 days per turn (turn:0.02 to turn:336).',
    );
  }
  return parsed.data;
}

function levelArg(value: string): BotLevel {
  if (!(BOT_LEVELS as readonly string[]).includes(value)) {
    throw new InvalidArgumentError(`use ${BOT_LEVELS.join(', ')}.`);
  }
  return value as BotLevel;
}

/** A table id, or an invitation link `http://…/#/online/[t/]<id>?invite=<code>`. */
export function parseTableRef(text: string): { table: string; invite?: string } {
  const value = text.trim();
  const hash = value.includes('#') ? value.slice(value.indexOf('#') + 1) : null;
  if (hash === null) {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(value)) {
      throw new UsageError(`"${value}" is neither a table id nor an invitation link`);
    }
    return { table: value };
  }
  const [path = '', query = ''] = hash.split('?');
  const parts = path.split('/').filter((part) => part !== '');
  const table = decodeURIComponent(parts[parts.length - 1] ?? '');
  if (parts[0] !== 'online' || !/^[A-Za-z0-9_-]{1,64}$/.test(table)) {
    throw new UsageError(`"${value}" is not an invitation link (…/#/online/t/<table>?invite=…)`);
  }
  const invite = new URLSearchParams(query).get('invite');
  return invite ? { table, invite } : { table };
}

function clockText(info: TableInfo): string {
  const setting = info.clock.setting;
  if (setting.kind === 'realtime') {
    return `${setting.bankMs / 60_000} min + ${setting.incrementMs / 1000} s`;
  }
  if (setting.kind === 'turn') return `${setting.perMoveMs / 3_600_000} h per move`;
  return 'no clock';
}

function variantsText(info: TableInfo): string {
  const o = info.options;
  const names = [
    o.families && 'families',
    o.resources && (o.expertResources ? 'resources (expert)' : 'resources'),
    o.minimumPassIncome && 'min-pass-income',
    o.catchUpCash && 'catch-up',
    o.privateHeistInfluence && 'private-ip',
    o.ruleset === 'printed' && 'printed rules',
  ].filter(Boolean);
  return names.length > 0 ? names.join(', ') : 'base game';
}

function seatsText(info: TableInfo): string {
  return info.seats
    .map((seat) =>
      seat.kind === 'bot'
        ? `${seat.botLevel} bot`
        : seat.kind === 'player'
          ? `${seat.botAccount ? 'BOT ' : ''}${terminalText(seat.name ?? '?')}`
          : seat.kind,
    )
    .join(', ');
}

function tableLine(info: TableInfo): string {
  const name = info.name ? ` "${terminalText(info.name)}"` : '';
  return `${info.id}${name}  ${info.status}  ${info.options.players}p  ${variantsText(info)}  ${clockText(info)}  seats: ${seatsText(info)}${info.allowBots ? '  bots welcome' : ''}${info.moveCount > 0 ? `  moves: ${info.moveCount}` : ''}`;
}

interface CreateFlags extends VariantFlags {
  seats?: SeatSetup[];
  public?: boolean;
  allowBots?: boolean;
  tableName?: string;
  clock?: ClockSetting;
  takeover?: BotLevel;
  firstPlayer?: number;
  play?: boolean;
}

const FLAG_OF_PATH: Record<string, string> = {
  seats: '--seats',
  clock: '--clock',
  takeoverLevel: '--takeover',
  name: '--table-name',
  options: 'the variant flags',
};

function createBody(flags: CreateFlags): CreateTable {
  const seats = flags.seats ?? [{ kind: 'host' }, { kind: 'open' }];
  if (seats.length < 2 || seats.length > 4) {
    throw new UsageError(`--seats must list 2 to 4 seats, got ${seats.length}`);
  }
  if (seats.filter((seat) => seat.kind === 'host').length !== 1) {
    throw new UsageError('--seats must list exactly one "host" seat (yours)');
  }
  const { seed: _seed, ...options } = gameOptionsFrom(flags, seats.length, 0);
  const body: CreateTable = {
    public: flags.public === true,
    options: {
      ...options,
      ...(flags.firstPlayer === undefined ? {} : { firstPlayer: flags.firstPlayer - 1 }),
    },
    seats,
    clock: flags.clock ?? { kind: 'none' },
    takeoverLevel: flags.takeover ?? 'medium',
    allowBots: flags.allowBots === true,
    ...(flags.tableName === undefined ? {} : { name: flags.tableName }),
  };
  const parsed = createTableSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const flag = FLAG_OF_PATH[String(issue?.path[0])] ?? String(issue?.path.join('.'));
    throw new UsageError(`${flag}: ${issue?.message ?? 'invalid'}`);
  }
  return body;
}

export function registerOnline(program: Command): void {
  const online = program
    .command('online')
    .description('play on a Gangsta! server: lobby, my games, create, join, play, watch')
    .option('--server <url>', `the server (default $GANGSTA_SERVER or ${DEFAULT_SERVER})`)
    .option('--name <name>', 'play as a guest of this name (kept in the config file for next time)')
    .option('--login <username>', 'log in to an account (password: $GANGSTA_PASSWORD or asked)');
  online.addHelpText(
    'after',
    `
Identity is kept per server in $GANGSTA_CONFIG or ~/.config/gangsta/online.json.
Examples:
  gangsta online --name Alice create --seats host,bot:easy --play
  gangsta online lobby
  gangsta online join 'http://127.0.0.1:5173/#/online/t/T123?invite=abc'
  gangsta online play T123`,
  );

  online
    .command('lobby', { isDefault: true })
    .description('public tables waiting for players and being played')
    .action(async (_flags, command: Command) => {
      const api = await connectApi(identityFlags(command), false);
      const lobby = await api.lobby();
      for (const [title, list] of [
        ['Waiting', lobby.waiting],
        ['Playing', lobby.playing],
      ] as const) {
        console.log(`${title} (${list.length}):`);
        for (const info of list) console.log(`  ${tableLine(info)}`);
      }
    });

  online
    .command('games')
    .description('my games: waiting, playing, and the last finished ones')
    .action(async (_flags, command: Command) => {
      const api = await connectApi(identityFlags(command), true);
      const { games } = await api.myGames();
      if (games.length === 0) console.log('No games yet.');
      for (const game of games) {
        const turn = game.yourTurn ? '  ← your turn' : '';
        console.log(`  ${tableLine(game.table)}  (you: seat ${game.seat + 1})${turn}`);
      }
    });

  const create = online
    .command('create')
    .description('create a table (and with --play sit down at it)')
    .option(
      '--seats <list>',
      'seats in order: host (you), open, invited[:LABEL], bot:easy|medium|hard (default: host,open)',
      listArg((text) => {
        try {
          return parseSeatSetup(text);
        } catch (error) {
          throw new InvalidArgumentError((error as Error).message);
        }
      }),
    )
    .option('--public', 'list the table in the lobby')
    .option('--allow-bots', 'let bot accounts (programs, docs/bots.md) take open seats')
    .option('--table-name <text>', 'the table’s name')
    .option(
      '--clock <clock>',
      'none, fast, normal, slow, day, threeDays, realtime:MIN+SEC or turn:HOURS (default none)',
      parseClock,
    )
    .option(
      '--takeover <level>',
      'the bot that plays for an absent player (default medium)',
      levelArg,
    )
    .option('--first-player <seat>', 'who plays first, 1 to 4 (default: drawn)', intArg(1, 4))
    .option('--play', 'sit down at the table at once (the game starts when every seat is filled)');
  addVariantFlags(create);
  create.action(async (flags: CreateFlags, command: Command) => {
    const body = createBody(flags);
    const identity = identityFlags(command);
    const api = await connectApi(identity, true);
    const { table } = await api.createTable(body);
    console.log(`Created table ${table.id}: ${tableLine(table)}`);
    const invites = 'invites' in table ? (table.invites as Record<string, string>) : {};
    for (const [seat, code] of Object.entries(invites)) {
      const link = new URL(identity.server);
      link.hash = `/online/t/${encodeURIComponent(table.id)}?invite=${encodeURIComponent(code)}`;
      console.log(`  invitation for seat ${Number(seat) + 1}: ${link.toString()}`);
    }
    if (flags.play) {
      const me = (await api.me()).player;
      await runTable({ api, table: table.id, me, spectate: false });
    } else {
      console.log(`Play it with: gangsta online play ${table.id}`);
    }
  });

  online
    .command('join')
    .description('take a seat at a table: an invitation link or a table id, then play')
    .argument('<link-or-id>', 'invitation link (…/#/online/t/<table>?invite=<code>) or table id')
    .option('--seat <n>', 'the seat wanted, 1 to 4 (default: the first that fits)', intArg(1, 4))
    .option('--no-play', 'only take the seat')
    .action(async (ref: string, flags: { seat?: number; play: boolean }, command: Command) => {
      const { table, invite } = parseTableRef(ref);
      const api = await connectApi(identityFlags(command), true);
      const answer = await api.join(table, {
        ...(flags.seat === undefined ? {} : { seat: flags.seat - 1 }),
        ...(invite ? { invite } : {}),
      });
      console.log(`Seated at ${table}, seat ${(answer.seat ?? 0) + 1}.`);
      if (flags.play) {
        const me = (await api.me()).player;
        await runTable({ api, table, me, spectate: false });
      }
    });

  online
    .command('start')
    .description('start a table you host (every seat filled)')
    .argument('<table>', 'table id')
    .action(async (ref: string, _flags, command: Command) => {
      const { table } = parseTableRef(ref);
      const api = await connectApi(identityFlags(command), true);
      const answer = await api.start(table);
      console.log(`Started: ${tableLine(answer.table)}`);
    });

  online
    .command('play')
    .description('play at a table you sit at (the host starts it once every seat is filled)')
    .argument('<table>', 'table id or link')
    .action(async (ref: string, _flags, command: Command) => {
      const { table } = parseTableRef(ref);
      const api = await connectApi(identityFlags(command), true);
      const me = (await api.me()).player;
      await runTable({ api, table, me, spectate: false });
    });

  online
    .command('watch')
    .description('watch a table as a spectator')
    .argument('<table>', 'table id or link')
    .action(async (ref: string, _flags, command: Command) => {
      const { table } = parseTableRef(ref);
      const api = await connectApi(identityFlags(command), false);
      const known = api.credentials.token || api.credentials.cookie;
      const me = known ? (await api.me()).player : null;
      await runTable({ api, table, me, spectate: true });
    });
}
