/**
 * The table without controls, as the replay viewer shows it: the chapter tracker, the rows and
 * every board (the same pieces as the live table screen, which adds the controls).
 */
import type { GameView, PlayerView } from '@gangsta/engine';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { chapterNumeral } from '../cards/index.ts';
import type { SeatKind } from '../game/seats.ts';
import type { TablePlayer } from './tableSource.ts';
import type { CardState } from './widgets/cardStates.ts';
import { PlayerBoard } from './widgets/PlayerBoard.tsx';
import { Rows } from './widgets/Rows.tsx';
import { ZoomLayer } from './widgets/ZoomLayer.tsx';
import { ZoomProvider } from './widgets/zoom.tsx';

export interface TableProps {
  view: GameView;
  seats: readonly SeatKind[];
  /** Who sits where (names); defaults to the seats with default names. */
  players?: readonly TablePlayer[];
  /** Cards touched by the last move, animated briefly. */
  flash?: ReadonlySet<string> | undefined;
  /** Cards named by a hint. */
  hint?: ReadonlySet<string> | undefined;
  /** Extra content shown under a player's board (the replay's revealed cards). */
  extra?: (player: PlayerView) => ReactNode;
}

const NO_STATES: ReadonlyMap<string, CardState> = new Map();

/** Chapter, snitches this chapter, turn, and a warning when the chapter ends with this turn. */
export function TableStatus({ view }: { view: GameView }) {
  const { t } = useTranslation();
  return (
    <dl className="table-status">
      <div data-testid="chapter" data-chapter={view.chapter}>
        <dt>{t('table.chapter')}</dt>
        <dd>
          {/* Under the label "Chapter": "II — Gang War", not "Chapter II — Gang War". */}
          {chapterNumeral(view.chapter)} — {t(`cards.chapterName.${view.chapter}`)}
        </dd>
      </div>
      <div className="snitch-track" data-snitches={view.snitchesThisChapter}>
        <dt>{t('table.snitches')}</dt>
        <dd>{view.snitchesThisChapter}</dd>
      </div>
      <div data-testid="turn" data-turn={view.turnNumber}>
        <dt>{t('table.turn')}</dt>
        <dd>{view.turnNumber}</dd>
      </div>
      {view.chapterEndPending && view.phase !== 'gameOver' ? (
        <div className="warning">
          <dt>{t('table.chapterEnd')}</dt>
          <dd>{t('table.chapterEndPending')}</dd>
        </div>
      ) : null}
    </dl>
  );
}

export function Table(props: TableProps) {
  const { view } = props;
  const players =
    props.players ?? props.seats.map((kind, seat) => ({ seat, kind, name: null, connected: true }));
  return (
    <ZoomProvider>
      <div className="table">
        <Rows view={view} states={NO_STATES} legal={[]} flash={props.flash} hint={props.hint} />
        <div className="boards">
          {view.players.map((player) => (
            <PlayerBoard
              key={player.seat}
              view={view}
              seat={player.seat}
              players={players}
              compact={player.seat !== view.viewer}
              states={NO_STATES}
              legal={[]}
              flash={props.flash}
              hint={props.hint}
              extra={props.extra?.(player)}
            />
          ))}
        </div>
      </div>
      <ZoomLayer cards={view.cards} />
    </ZoomProvider>
  );
}
