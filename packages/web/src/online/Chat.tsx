/**
 * The table chat beside the log. Lines are rendered as text by React (never as HTML), with the
 * speaker's name in their seat's colour; spectators speak without a colour.
 */
import { LIMITS } from '@gangsta/protocol';
import { type FormEvent, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { seatColour } from '../game/players.ts';
import { noticeText } from './notices.ts';
import type { OnlineTable } from './onlineTable.ts';
import { errorText } from './texts.ts';

export function Chat({ table }: { table: OnlineTable }) {
  const { t } = useTranslation();
  const id = useId();
  const room = useSyncExternalStore(table.subscribe, table.getRoom);
  const [text, setText] = useState('');
  const list = useRef<HTMLOListElement>(null);
  const lines = room.chat;
  useEffect(() => {
    if (lines.length > 0) list.current?.lastElementChild?.scrollIntoView?.({ block: 'nearest' });
  }, [lines]);
  const send = (event: FormEvent) => {
    event.preventDefault();
    const line = text.trim();
    if (line === '') return;
    if (table.sendChat(line)) setText('');
  };
  return (
    <section className="chat" aria-labelledby={`${id}-title`} data-testid="chat">
      <h2 id={`${id}-title`}>{t('online.chat.title')}</h2>
      <ol className="chat-lines" ref={list} aria-live="polite">
        {lines.length === 0 ? <li className="empty">{t('online.chat.empty')}</li> : null}
        {lines.map((line, index) =>
          line.notice ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: chat lines only append
            <li key={index} className="chat-notice" data-testid="chat-notice">
              {noticeText(t, line.notice)}
            </li>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: chat lines only append
            <li key={index}>
              <span
                className="chat-from"
                style={line.seat === null ? undefined : { color: seatColour(line.seat) }}
              >
                {line.from}
              </span>{' '}
              <span className="chat-text">{line.text}</span>
            </li>
          ),
        )}
      </ol>
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
