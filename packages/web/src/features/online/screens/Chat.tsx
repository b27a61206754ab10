/**
 * The table chat beside the log. Lines are rendered as text by React (never as HTML), with the
 * speaker's name in their seat's colour; spectators speak without a colour. The name and the
 * text are each an isolated run (`<bdi>`): a name that carries a right-to-left override (one
 * stored before the server refused them) cannot reverse the words after it.
 *
 * Each line of another player has a menu: mute them (their lines hidden for you), block them
 * (the server stops sending their lines and keeps them from your tables), report the line to
 * the operators, and, for the table's host, remove a spectator's line for everyone.
 */
import { type ChatLine, LIMITS, type TableInfo, withoutBidiControls } from '@gangsta/protocol';
import { type FormEvent, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { seatColour } from '../../../game/players.ts';
import type { OnlineClient } from '../state/client.ts';
import { asOnlineError } from '../state/errors.ts';
import { noticeText } from '../state/notices.ts';
import type { OnlineTable } from '../state/onlineTable.ts';
import { errorText } from '../state/texts.ts';
import { type Moderation, useModeration } from '../state/useModeration.ts';

/** The writer's name now: a seated player's renamed seat says it, else the line's own. */
function speakerName(line: ChatLine, info: TableInfo | null): string {
  const seat = info?.seats.find((s) => line.playerId !== undefined && s.playerId === line.playerId);
  return seat?.name ?? line.from;
}

export function Chat({ table, client }: { table: OnlineTable; client: OnlineClient }) {
  const { t } = useTranslation();
  const id = useId();
  const room = useSyncExternalStore(table.subscribe, table.getRoom);
  const identity = useSyncExternalStore(client.identity.subscribe, client.identity.get);
  const moderation = useModeration(client);
  const [text, setText] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const lines = room.chat.filter(
    (line) =>
      line.playerId === undefined ||
      (!moderation.muted.has(line.playerId) && !moderation.blocked.has(line.playerId)),
  );
  const hidden = room.chat.length - lines.length;
  useEffect(() => {
    if (lines.length > 0) list.current?.lastElementChild?.scrollIntoView?.({ block: 'nearest' });
  }, [lines]);
  const send = (event: FormEvent) => {
    event.preventDefault();
    const line = text.trim();
    if (line === '') return;
    if (table.sendChat(line)) setText('');
  };
  const me = identity?.player.id ?? null;
  const isHost = me !== null && room.info?.hostId === me;
  return (
    <section className="chat" aria-labelledby={`${id}-title`} data-testid="chat">
      <h2 id={`${id}-title`}>{t('online.chat.title')}</h2>
      <ol className="chat-lines" ref={list} aria-live="polite">
        {lines.length === 0 ? <li className="empty">{t('online.chat.empty')}</li> : null}
        {lines.map((line, index) =>
          line.notice ? (
            <li key={line.seq ?? `n${index}`} className="chat-notice" data-testid="chat-notice">
              {noticeText(t, line.notice)}
            </li>
          ) : (
            <li key={line.seq ?? `l${index}`} className="chat-line" data-testid="chat-line">
              <bdi
                className="chat-from"
                style={line.seat === null ? undefined : { color: seatColour(line.seat) }}
              >
                {speakerName(line, room.info)}
              </bdi>{' '}
              <bdi className="chat-text">{line.text}</bdi>
              {line.playerId !== undefined && line.playerId !== me && line.seq !== undefined ? (
                <LineMenu
                  client={client}
                  table={table}
                  playerId={line.playerId}
                  seq={line.seq}
                  // The menu's labels are sentences: the name goes in without direction controls.
                  name={withoutBidiControls(speakerName(line, room.info))}
                  moderation={moderation}
                  canRemove={isHost && line.seat === null}
                  onDone={setStatus}
                />
              ) : null}
            </li>
          ),
        )}
      </ol>
      {hidden > 0 ? (
        <p className="chat-hidden help">{t('online.chat.hidden', { count: hidden })}</p>
      ) : null}
      {status ? (
        <p className="chat-status" role="status">
          {status}
        </p>
      ) : null}
      <form onSubmit={send} className="chat-form">
        <label className="sr-only" htmlFor={`${id}-input`}>
          {t('online.chat.label')}
        </label>
        <input
          id={`${id}-input`}
          value={text}
          maxLength={LIMITS.chatMax}
          placeholder={t('online.chat.placeholder')}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" disabled={text.trim() === ''}>
          {t('online.chat.send')}
        </button>
      </form>
      {room.chatError ? (
        <p className="chat-error" role="status">
          {errorText(t, room.chatError)}
        </p>
      ) : null}
    </section>
  );
}

interface LineMenuProps {
  client: OnlineClient;
  table: OnlineTable;
  playerId: string;
  seq: number;
  name: string;
  moderation: Moderation;
  canRemove: boolean;
  onDone: (status: string) => void;
}

/** The "…" button of another player's line and the actions it opens. */
function LineMenu(props: LineMenuProps) {
  const { client, table, playerId, seq, name, moderation, canRemove, onDone } = props;
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const muted = moderation.muted.has(playerId);
  const blocked = moderation.blocked.has(playerId);
  const act = (work: () => Promise<void>, done: string) => () => {
    setOpen(false);
    work().then(
      () => onDone(done),
      (caught: unknown) => onDone(errorText(t, asOnlineError(caught))),
    );
  };
  return (
    <span className="chat-line-menu">
      <button
        type="button"
        className="chat-line-menu__button"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        aria-label={t('online.moderation.menu', { name })}
        title={t('online.moderation.menu', { name })}
        onClick={() => setOpen(!open)}
      >
        …
      </button>
      {open ? (
        <span className="chat-line-menu__list" id={`${id}-menu`} data-testid="chat-line-menu">
          <button
            type="button"
            onClick={act(
              () => moderation.setMuted(playerId, !muted),
              t(muted ? 'online.moderation.unmuted' : 'online.moderation.muted', { name }),
            )}
          >
            {t(muted ? 'online.moderation.unmute' : 'online.moderation.mute', { name })}
          </button>
          {moderation.signedIn ? (
            <>
              <button
                type="button"
                onClick={act(
                  () => moderation.setBlocked(playerId, !blocked),
                  t(blocked ? 'online.moderation.unblocked' : 'online.moderation.blocked', {
                    name,
                  }),
                )}
              >
                {t(blocked ? 'online.moderation.unblock' : 'online.moderation.block', { name })}
              </button>
              <button
                type="button"
                onClick={act(
                  () => client.api.reportChatLine(table.tableId, seq),
                  t('online.moderation.reported'),
                )}
              >
                {t('online.moderation.report')}
              </button>
            </>
          ) : null}
          {canRemove ? (
            <button
              type="button"
              onClick={act(
                () => client.api.removeChatLine(table.tableId, seq),
                t('online.moderation.removed'),
              )}
            >
              {t('online.moderation.remove')}
            </button>
          ) : null}
        </span>
      ) : null}
    </span>
  );
}
