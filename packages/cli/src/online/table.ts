/**
 * An online table in the terminal (`gangsta online play` and `watch`): the same board, numbered
 * moves and tips as a local game, over the socket protocol through `@gangsta/client` (with the
 * `ws` package's WebSocket). The server's frames are printed as they arrive: the opponents'
 * moves, chat lines, the board and the numbered legal moves when it is the player's turn.
 * Typed lines: a number plays that move; `t` tip, `b` board, `c TEXT` chat, `u` undo,
 * `start` (the host, once every seat is filled), `q` quit, `?` help.
 */
import { GangstaClient, type SocketLike, type TableView } from '@gangsta/client';
import type { GameView, Move } from '@gangsta/engine';
import type { ChatLine, GameFrame, MoveNews, Player, TableInfo } from '@gangsta/protocol';
import WebSocket from 'ws';
import { LineReader } from '../io/lines.ts';
import { activationHint, heistReach } from '../play/hints.ts';
import { tipForView } from '../play/tips.ts';
import { renderBoard } from '../render/board.ts';
import { colorWanted, makePalette, type Palette } from '../render/color.ts';
import type { RenderContext } from '../render/context.ts';
import { describeDecision } from '../render/decision.ts';
import { describeEvent } from '../render/events.ts';
import { describeMove, logMove } from '../render/moves.ts';
import { SKILL_NAMES } from '../render/names.ts';
import { endSentence, renderScores } from '../render/scores.ts';
import { type Api, ServerRefusal } from './api.ts';
import { type ClockReading, clockLine, readClock, WARN_BELOW_MS } from './clock.ts';
import { terminalText } from './safeText.ts';

export interface TableRun {
  api: Api;
  table: string;
  /** Who we are (null: an anonymous spectator). */
  me: Player | null;
  /** Watch only: no moves even when seated. */
  spectate: boolean;
}

const HELP = [
  'Type the number of a move to play it (when it is your turn).',
  '  t       a tip: what the easy bot would play here, and why',
  '  b       show the board again',
  '  c TEXT  say TEXT in the table chat',
  '  u       take back your last move (while the game allows it)',
  '  start   start the game (the host, once every seat is filled)',
  '  k       the clocks: yours and the player to move',
  '  q       leave the table (the game goes on; come back with `gangsta online play`)',
  '',
  `Skill letters: ${Object.entries(SKILL_NAMES)
    .map(([letter, name]) => `${letter} ${name}`)
    .join(', ')}.`,
  'Members are named as in the browser, their card id after the name in brackets.',
].join('\n');

/** Seat names for the renderers: "You" for ours, the player's name or the bot's level. */
function seatNames(info: TableInfo, mine: number | null): string[] {
  return info.seats.map((seat) => {
    if (seat.seat === mine) return 'You';
    if (seat.kind === 'bot') return `Seat ${seat.seat + 1} (${seat.botLevel ?? 'bot'} bot)`;
    if (seat.name)
      return `${seat.botAccount ? 'BOT ' : ''}${terminalText(seat.name)} (seat ${seat.seat + 1})`;
    return `Seat ${seat.seat + 1} (${seat.kind})`;
  });
}

function seatLine(info: TableInfo, me: Player | null): string {
  return info.seats
    .map((seat) => {
      const who =
        seat.kind === 'bot'
          ? `${seat.botLevel} bot`
          : seat.kind === 'player'
            ? `${seat.botAccount ? 'BOT ' : ''}${terminalText(seat.name ?? '?')}${seat.playerId === me?.id ? ' (you)' : ''}${seat.host ? ' (host)' : ''}`
            : seat.kind;
      return `${seat.seat + 1}: ${who}`;
    })
    .join(', ');
}

function filled(info: TableInfo): boolean {
  return info.seats.every((seat) => seat.kind === 'player' || seat.kind === 'bot');
}

export async function runTable(run: TableRun): Promise<void> {
  const { api, table: tableId, me } = run;
  const c: Palette = makePalette(colorWanted(process.stdout));
  const out = (text: string) => process.stdout.write(`${text}\n`);
  let info = (await api.table(tableId)).table;
  let frame: GameFrame | null = null;
  /** The view before the latest moves, to word them (who recruited what, from which row). */
  let previousView: GameView | null = null;
  let shownTurn = '';
  let shownWaiting = '';
  let promptShown = false;
  let dropped = false;
  let startAsked = false;
  let finished = false;
  /** The table's clock and when it arrived (the server's times are as of its sending). */
  let clockAt = Date.now();
  /** The decision whose 30-second warning was given ("" when none is running low). */
  let warnedFor = '';
  /** The seats whose clocks ran when the clocks were last shown. */
  let shownRunning = '';

  const isHost = () => me !== null && info.hostId === me.id;
  const ctxFor = (view: GameView): RenderContext => ({
    cards: view.cards,
    c,
    seatNames: seatNames(info, frame?.seat ?? null),
    viewer: frame?.seat ?? null,
  });
  const legal = (): Move[] => (frame && !run.spectate ? frame.legal : []);
  /** The frame held now (a function: the socket's handler changes it between lines). */
  const currentFrame = (): GameFrame | null => frame;

  const prompt = () => {
    const moves = legal();
    if (finished || promptShown) return;
    if (moves.length > 0) {
      process.stdout.write(`Your choice [1-${moves.length}, t, b, c TEXT, q, ?]: `);
    } else {
      process.stdout.write('> ');
    }
    promptShown = true;
  };
  /** Prints above the prompt: a line of its own even if the prompt is waiting. */
  const say = (text: string) => {
    if (promptShown) process.stdout.write('\n');
    promptShown = false;
    out(text);
  };

  const clockNow = (): ClockReading | null =>
    readClock(info.clock, Date.now() - clockAt, frame?.seat ?? null, frame?.deciding ?? []);
  /** The clocks' line ("Clocks: you 4:32 · to move: …"), when the table has a clock. */
  const showClocks = () => {
    const reading = clockNow();
    if (reading) say(clockLine(reading, seatNames(info, frame?.seat ?? null), c));
  };
  /** Once per decision: the player's own clock has 30 seconds or less. */
  const warnIfLow = () => {
    const reading = clockNow();
    const mine = reading?.mine;
    if (!mine?.running || mine.ms > WARN_BELOW_MS || finished) return;
    const decision = `${frame?.moveCount ?? 0}`;
    if (warnedFor === decision) return;
    warnedFor = decision;
    const seconds = Math.max(0, Math.ceil(mine.ms / 1000));
    say(c.red(c.bold(`Warning: ${seconds} seconds left on your clock!`)));
    prompt();
  };
  const lowClock = setInterval(warnIfLow, 1000);
  lowClock.unref();

  const showDecision = (full: boolean) => {
    if (!frame) return;
    const view = frame.view;
    const ctx = ctxFor(view);
    if (full) say(`\n${renderBoard(view, ctx)}`);
    const moves = legal();
    if (moves.length === 0) return;
    if (!full) say(c.cyan(describeDecision(view, ctx)));
    const seat = frame.seat;
    if (seat !== null && view.decision.kind === 'activate') {
      const hint = activationHint(view, seat);
      if (hint) say(c.yellow(hint));
    }
    moves.forEach((move, i) => {
      const reach = move.type === 'heist' && seat !== null ? heistReach(view, seat, move.card) : '';
      say(`  ${String(i + 1).padStart(2)}) ${describeMove(view, move, ctx)}${reach}`);
    });
  };

  const showEnd = () => {
    if (!frame?.over || finished) return;
    finished = true;
    const ctx = ctxFor(frame.view);
    say(`\n${renderBoard(frame.view, ctx)}\n`);
    if (frame.view.result) say(renderScores(frame.view.result, ctx));
    const reason = frame.view.result ? ` ${endSentence(frame.view.result.reason)}` : '';
    say(`The game is over.${reason} Type q to leave.`);
  };

  const showFrame = (full: boolean) => {
    if (!frame) {
      say(`Waiting room of ${terminalText(info.name) || info.id}: ${seatLine(info, me)}.`);
      if (isHost() && !filled(info)) say('Type start once every seat is filled.');
      return;
    }
    if (frame.over) return showEnd();
    // The whole board when asked (b, a sync) and when a turn of ours begins; else one line.
    const mine = legal().length > 0;
    const turn = `${frame.view.turnNumber}/${mine}`;
    if (full) showDecision(true);
    else if (mine) showDecision(turn !== shownTurn);
    else {
      const ctx = ctxFor(frame.view);
      const names = frame.deciding.map((seat) => ctx.seatNames[seat] ?? `Seat ${seat + 1}`);
      const waiting = names.join(', ');
      if (names.length > 0 && waiting !== shownWaiting) say(c.dim(`Waiting for ${waiting}…`));
      shownWaiting = waiting;
    }
    if (mine) shownWaiting = '';
    shownTurn = turn;
  };

  const printChat = (line: ChatLine) => {
    const from = line.notice ? 'notice' : terminalText(line.from);
    say(c.magenta(`[${from}] ${terminalText(line.text)}`));
  };

  const printNews = (news: MoveNews[], view: GameView) => {
    const ctx = ctxFor(view);
    for (const item of news) {
      const name = ctx.seatNames[item.seat] ?? `Seat ${item.seat + 1}`;
      const text =
        item.move === null
          ? `${name}: a secret choice`
          : item.move.type === 'keepResources' && item.seat !== frame?.seat
            ? `${name}: chooses resource cards in secret`
            : logMove(view, item.move, ctx);
      say(c.dim(`· ${text}`));
      for (const event of item.events) {
        const line = describeEvent(event, ctx);
        if (line) say(`  ${line}`);
      }
    }
  };

  const startGame = async () => {
    startAsked = true;
    try {
      info = (await api.start(tableId)).table;
      say('The game starts.');
    } catch (error) {
      say(
        error instanceof ServerRefusal
          ? `Cannot start: ${error.code}: ${error.message}`
          : String(error),
      );
    }
    prompt();
  };

  const client = new GangstaClient({
    url: api.wsUrl,
    token: () => api.credentials.token,
    socket: (url) => {
      const cookie = api.credentials.token ? undefined : api.credentials.cookie;
      return new WebSocket(url, cookie ? { headers: { cookie } } : {}) as unknown as SocketLike;
    },
  });
  client.on('drop', ({ retryAt }) => {
    // Once per outage: the client retries with backoff, each failed attempt is another drop.
    if (finished || dropped) return;
    dropped = true;
    say(c.yellow(`Connection lost${retryAt ? '; reconnecting…' : '.'}`));
  });
  client.on('welcome', () => {
    if (dropped) {
      dropped = false;
      say(c.green('Reconnected.'));
      prompt();
    }
  });
  client.on('answer', (answer) => {
    if (answer.type === 'rejected') {
      say(c.red(`Refused: ${answer.error.code}: ${answer.error.message}`));
      prompt();
    }
  });
  client.on('problem', (problem) => {
    say(c.dim(`(${problem.kind}: ${problem.message})`));
  });

  client.watch(tableId, {
    receive: (message, view: TableView) => {
      switch (message.type) {
        case 'table': {
          const wasWaiting = info.status === 'waiting';
          info = message.table;
          clockAt = Date.now();
          // The clocks come with the table frame that follows each move: shown when another
          // seat's time starts to run (a new turn, a decision passing hands).
          if (info.status === 'playing' && info.clock.running.join() !== shownRunning) {
            shownRunning = info.clock.running.join();
            showClocks();
          }
          if (info.status === 'waiting') {
            say(`Seats: ${seatLine(info, me)}.`);
            if (isHost() && filled(info) && !startAsked && !run.spectate) void startGame();
          } else if (wasWaiting && info.status === 'playing') {
            say('The game has started.');
          }
          break;
        }
        case 'sync':
          frame = view.frame;
          previousView = frame?.view ?? null;
          for (const line of message.chat.slice(-5)) printChat(line);
          showFrame(true);
          break;
        case 'update': {
          const before = previousView;
          frame = view.frame;
          if (before) printNews(message.moves, before);
          previousView = frame?.view ?? null;
          showFrame(false);
          break;
        }
        case 'chat':
          printChat(message.line);
          break;
        case 'error':
          say(c.red(`Server: ${message.error.code}: ${message.error.message}`));
          break;
        default:
          return;
      }
      prompt();
    },
  });

  say(
    `${c.bold('Gangsta!')} online — table ${info.id} (${info.status}), ${seatLine(info, me)}. Type ? for help.`,
  );
  client.connect();
  if (info.status === 'waiting' && isHost() && filled(info) && !run.spectate) await startGame();

  const reader = new LineReader(process.stdin);
  const echo = process.stdin.isTTY !== true;
  try {
    for (;;) {
      const raw = await reader.next();
      // A piped line does not appear on screen: echo it, so a transcript reads like a session.
      if (echo && promptShown) process.stdout.write(`${raw ?? '(end of input)'}\n`);
      promptShown = false;
      if (raw === null) break;
      const answer = raw.trim();
      if (answer === '') {
        prompt();
        continue;
      }
      const moves = legal();
      const now = currentFrame();
      if (/^\d+$/.test(answer)) {
        const chosen = moves[Number(answer) - 1];
        if (moves.length === 0) say('It is not your turn.');
        else if (client.getSnapshot().queued > 0) say('Your move is on its way.');
        else if (chosen === undefined) say(`Type 1 to ${moves.length}.`);
        else if (now) {
          // The move is printed when the server's update brings it back, with its events.
          client.sendMove(tableId, chosen, client.table(tableId).version);
          continue;
        }
        prompt();
        continue;
      }
      // Splitting a string always gives at least one part.
      const [word = '', ...rest] = answer.split(/\s+/);
      switch (word.toLowerCase()) {
        case 'q':
        case 'quit':
          say('Left the table.');
          return;
        case 'b':
          showFrame(true);
          break;
        case 'k':
          if (clockNow()) showClocks();
          else say('This table has no clock.');
          break;
        case 't':
          if (now) say(c.yellow(tipForView(now.view, moves, ctxFor(now.view))));
          else say('The game has not started.');
          break;
        case 'c':
        case 'chat': {
          const text = rest.join(' ');
          if (text === '') say('Type c followed by your message.');
          else if (!client.chat(tableId, text)) say('Offline: the message was not sent.');
          break;
        }
        case 'u':
          if (!now?.canUndo) say('Nothing to undo.');
          else client.sendUndo(tableId, client.table(tableId).version);
          break;
        case 'start':
          if (!isHost()) say('Only the host starts the game.');
          else await startGame();
          continue;
        case '?':
        case 'h':
        case 'help':
          say(HELP);
          break;
        default:
          say(`"${answer}" is not a choice: type ? for help.`);
      }
      prompt();
    }
  } finally {
    finished = true;
    clearInterval(lowClock);
    reader.close();
    client.close();
  }
}
