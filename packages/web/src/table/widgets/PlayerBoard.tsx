/**
 * A player's board: name and colour, Boss family, cash, Bank, IP from heists, heists done (and a
 * place for a clock), then the gang with engaged members turned, the hospital and the resource
 * cards. The viewer's own board is large; opponents' boards are compact and readable
 * (`RivalBody`: whole names, available skills counted, engaged members apart), with their full
 * cards one click away. When the decision asks for a player (Theft, Assassination), the button
 * that picks one is on that player's board.
 */
import { type Move, playerAt } from '@gangsta/engine';
import { type CSSProperties, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FamilyEmblem } from '../../cards/index.ts';
import { lookup } from '../../game/derive.ts';
import { playerIdentity, seatColour } from '../../game/players.ts';
import { Deltas } from '../motion/Deltas.tsx';
import { LevelBadge } from '../PlayerBadge.tsx';
import { type BoardProps, MemberList, Resources } from './boardParts.tsx';
import { GangDialog } from './GangDialog.tsx';
import { RivalBody } from './RivalBody.tsx';
import { SeatClock } from './SeatClock.tsx';
import './table.css';
import { TablePlayProvider, useTablePlay } from '../tablePlay.tsx';

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function BoardHead({ props, titleId }: { props: BoardProps; titleId: string }) {
  const { t } = useTranslation();
  const { view, seat } = props;
  const player = playerAt(view, seat);
  const cards = lookup(view);
  const family = cards.boss(player.boss).family;
  const identity = playerIdentity(t, props.players[seat], seat);
  const name = identity.name;
  const active = view.decision.kind !== 'gameOver' && view.turn.seat === seat;
  const hasBank =
    player.bank > 0 || player.resources.some((r) => cards.resource(r.id).effect === 'bank');
  return (
    <header className="board__head">
      <h2 id={titleId} className="board__name">
        <span className="board__swatch" aria-hidden="true" />
        <span className="board__player">{name}</span>
        {seat === view.viewer ? <span className="board__you">{t('table.you')}</span> : null}
        <FamilyEmblem family={family} size={18} />
        {identity.level ? <LevelBadge level={identity.level} /> : null}
        {active ? <span className="turn-tag">{t('table.theirTurn')}</span> : null}
        {props.players[seat] && !props.players[seat].connected ? (
          <span className="board__away">{t('table.away')}</span>
        ) : null}
        {props.players[seat]?.away ? (
          <span className="board__bot-plays" data-testid="bot-plays">
            {t('table.seatClock.botPlays', {
              level: t(`app.botLevel.${props.players[seat].away.level}`),
            })}
          </span>
        ) : null}
      </h2>
      <dl className="board__stats">
        <Stat label={t('table.cash')} value={t('app.money', { amount: player.cash })} />
        {hasBank ? (
          <Stat label={t('table.bank')} value={t('app.money', { amount: player.bank })} />
        ) : null}
        <Stat
          label={t('table.ipShort')}
          value={player.heistIp === null ? t('table.hidden') : player.heistIp}
        />
        <Stat label={t('table.heistsDone')} value={player.pileSize} />
      </dl>
      {props.compact ? (
        <GangDialog board={props} name={name}>
          <PlayerBoard {...props} compact={false} />
        </GangDialog>
      ) : null}
      <span className="board__clock" data-slot="clock">
        {props.players[seat]?.clock ? <SeatClock clock={props.players[seat].clock} /> : null}
      </span>
      <Deltas player={player} />
    </header>
  );
}

/** Theft or Assassination: the button that picks this player, on their board. */
function TargetButton({ props, move }: { props: BoardProps; move: Move }) {
  const { play, moveText } = useTablePlay();
  return (
    <button
      type="button"
      className={`primary board__target${props.hintedTarget ? ' hinted' : ''}`}
      data-move-type={move.type}
      disabled={props.busy}
      onClick={() => play?.(move)}
    >
      {moveText?.(move)}
    </button>
  );
}

/**
 * A board drawn alone (a test, a still table) may take its actions as props; at the table they
 * come from the table screen's TablePlay context.
 */
export function PlayerBoard(props: BoardProps) {
  const { onPlay, moveText } = props;
  if (!onPlay) return <Board {...props} />;
  return (
    <TablePlayProvider value={{ play: onPlay, moveText }}>
      <Board {...props} />
    </TablePlayProvider>
  );
}

function Board(props: BoardProps) {
  const { t } = useTranslation();
  const { play } = useTablePlay();
  const titleId = useId();
  const { view, seat } = props;
  const player = playerAt(view, seat);
  const active = view.decision.kind !== 'gameOver' && view.turn.seat === seat;
  const target = play
    ? props.legal.find((m) => m.type === 'target' && m.target === seat)
    : undefined;
  // The viewer's own board is "mine"; a rival's board shown with full cards (the gang dialog) is
  // "full", so that what concerns the viewer's board (motion, sizes) does not apply to it.
  const variant = props.compact ? 'compact' : seat === view.viewer ? 'mine' : 'full';
  const classes = [
    'board',
    `board--${variant}`,
    active && 'is-active',
    target && 'is-target',
  ].filter(Boolean);
  return (
    <section
      className={classes.join(' ')}
      aria-labelledby={titleId}
      data-seat={seat}
      style={{ '--seat-colour': seatColour(seat) } as CSSProperties}
    >
      <BoardHead props={props} titleId={titleId} />
      {target ? <TargetButton props={props} move={target} /> : null}
      {props.compact ? (
        <RivalBody props={props} />
      ) : (
        <div className="board__body">
          <MemberList members={player.gang} props={props} label={t('table.gang')} />
          {player.hospital.length > 0 ? (
            <div className="board__hospital">
              <h3>{t('table.hospital')}</h3>
              <MemberList members={player.hospital} props={props} label={t('table.hospital')} />
            </div>
          ) : null}
          <Resources props={props} />
        </div>
      )}
      {seat === view.viewer && (player.peek.heist || player.peek.gangster) ? (
        <p className="board__peek">
          {player.peek.heist
            ? t('table.peekHeist', {
                card: t(`heists.${lookup(view).heist(player.peek.heist).kind}`),
              })
            : null}{' '}
          {player.peek.gangster
            ? t('table.peekGangster', { card: t(`gangsters.${player.peek.gangster}`) })
            : null}
        </p>
      ) : null}
      {props.extra}
    </section>
  );
}
