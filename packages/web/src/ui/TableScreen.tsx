/**
 * The table screen: status, the pending decision, the table and the log; the "pass the device"
 * screen between human seats; the final score once the game is over.
 */
import { cardsNamed, cardsOf, type Move } from '@gangsta/engine';
import { type ReactNode, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameController } from '../game/controller.ts';
import type { Session } from '../game/session.ts';
import type { LastMove, TableSnapshot, TableSource } from '../game/tableSource.ts';
import type { TextContext } from '../text/context.ts';
import { describeEvent, isSilent } from '../text/events.ts';
import { describeMove } from '../text/moves.ts';
import { DecisionPanel } from './decision/DecisionPanel.tsx';
import { downloadRecord } from './files.ts';
import { Log } from './Log.tsx';
import { ScoreScreen } from './ScoreScreen.tsx';
import { Table, TableStatus } from './Table.tsx';

/** Card ids a move acts on: they flash after a bot's move and glow for a hint. */
export const moveCardIds = cardsNamed;

/** Card id → the move a click on it plays, for the cards of the viewer's legal moves. */
function clickTargets(legal: Move[]): Map<string, Move> {
  const targets = new Map<string, Move>();
  for (const move of legal) {
    if (move.type === 'keepResources') continue;
    for (const id of moveCardIds(move)) if (!targets.has(id)) targets.set(id, move);
  }
  return targets;
}

/** Cards touched by a bot's move stay highlighted for a moment. */
function useFlash(lastMove: LastMove | null): Set<string> {
  const [flash, setFlash] = useState<Set<string>>(new Set());
  useEffect(() => {
    if (!lastMove?.byBot) return;
    setFlash(new Set(moveCardIds(lastMove.move)));
    const timer = setTimeout(() => setFlash(new Set()), 1200);
    return () => clearTimeout(timer);
  }, [lastMove]);
  return flash;
}

function PassDevice({ seat, onConfirm }: { seat: number; onConfirm: () => void }) {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  return (
    <section className="pass-device" aria-labelledby="pass-title" data-testid="pass-device">
      <h2 id="pass-title">
        {t('table.passDevice.title', { seat: t('app.seat', { n: seat + 1 }) })}
      </h2>
      <p>{t('table.passDevice.text')}</p>
      <button ref={button} type="button" className="primary" onClick={onConfirm}>
        {t('table.passDevice.confirm', { seat: t('app.seat', { n: seat + 1 }) })}
      </button>
    </section>
  );
}

/** A short line announcing what a bot just did (the log has the details). */
function LastBotMove({ ctx, snapshot }: { ctx: TextContext; snapshot: TableSnapshot }) {
  const last = snapshot.lastMove;
  if (!last?.byBot) return null;
  const entries = snapshot.log.filter((e) => e.moveIndex === last.index && !isSilent(e.event));
  const first = entries[0];
  if (!first) return null;
  return (
    <p className="bot-move" key={last.index}>
      {describeEvent(ctx, first.event)}
    </p>
  );
}

/** The local game's menu: export, replay once over, abandon. */
export function LocalGameMenu({
  session,
  controller,
  over,
}: {
  session: Session;
  controller: GameController;
  over: boolean;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  return (
    <nav className="game-menu" aria-label={t('app.gameMenu')}>
      <button type="button" onClick={() => downloadRecord(controller.record())}>
        {t('app.exportGame')}
      </button>
      {over ? (
        <button
          type="button"
          onClick={() => session.openReplay(controller.record(), controller.seats)}
        >
          {t('app.watchReplay')}
        </button>
      ) : null}
      {confirming ? (
        <span className="confirm">
          {t('app.abandonConfirm')}{' '}
          <button type="button" className="danger" onClick={() => session.abandonGame()}>
            {t('app.yes')}
          </button>
          <button type="button" onClick={() => setConfirming(false)}>
            {t('app.no')}
          </button>
        </span>
      ) : (
        <button type="button" onClick={() => (over ? session.abandonGame() : setConfirming(true))}>
          {t(over ? 'app.newGame' : 'app.abandonGame')}
        </button>
      )}
    </nav>
  );
}

export interface TableScreenProps {
  source: TableSource;
  /** The game menu above the table (local: export/abandon; online: leave, download record). */
  menu: (snapshot: TableSnapshot) => ReactNode;
  /** Extra panels beside the log (online: the table chat). */
  side?: ReactNode;
}

export function TableScreen({ source, menu, side }: TableScreenProps) {
  const { t } = useTranslation();
  const snapshot = useSyncExternalStore(source.subscribe, source.getSnapshot);
  const flash = useFlash(snapshot.lastMove);
  const view = snapshot.view;
  const ctx = useMemo<TextContext | null>(
    () =>
      view
        ? { t, cards: cardsOf(view.cards), seats: snapshot.seats, viewer: snapshot.viewer }
        : null,
    [t, view, snapshot.seats, snapshot.viewer],
  );
  if (snapshot.passTo !== null || !view || !ctx) {
    return <PassDevice seat={snapshot.passTo ?? 0} onConfirm={() => source.confirmPass()} />;
  }
  const moveText = (move: Move) => describeMove(ctx, view, snapshot.decision, move);
  const play = (move: Move) => source.play(move);
  const hintIds =
    snapshot.hint.status === 'ready' ? new Set(moveCardIds(snapshot.hint.move)) : new Set<string>();
  const activated = new Set(view.heist?.activated.map((a) => a.member) ?? []);
  return (
    <div className="table-screen">
      <div className="table-top">
        <TableStatus view={view} />
        {menu(snapshot)}
      </div>
      {snapshot.over && view.result ? (
        <ScoreScreen
          ctx={ctx}
          result={view.result}
          seats={snapshot.seats}
          families={view.options.families}
          resources={view.options.resources}
          focusOnShow
        />
      ) : (
        <>
          <LastBotMove ctx={ctx} snapshot={snapshot} />
          <DecisionPanel
            ctx={ctx}
            view={view}
            decision={snapshot.decision}
            legal={snapshot.legal}
            play={play}
            moveText={moveText}
            thinking={snapshot.thinking}
            canUndo={snapshot.canUndo}
            onUndo={() => source.undo()}
            hint={snapshot.hint}
            onHint={() => void source.requestHint()}
            error={snapshot.error}
          />
        </>
      )}
      <div className="table-and-log">
        <Table
          view={view}
          seats={snapshot.seats}
          interaction={
            snapshot.legal.length > 0
              ? { targets: clickTargets(snapshot.legal), moveText, onPlay: play }
              : undefined
          }
          flash={flash}
          hint={hintIds}
          activated={activated}
        />
        <Log ctx={ctx} entries={snapshot.log} />
        {side}
      </div>
    </div>
  );
}
