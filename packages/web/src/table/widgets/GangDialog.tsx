/**
 * A rival's gang full size: one click on "Show cards" opens a modal dialog with the rival's
 * board drawn with the big cards (the same controls: a member a cooperative heist may borrow is a
 * button there too). Escape, the Close button or a click on the backdrop closes it; the browser
 * returns the focus to the button that opened it. It also closes by itself once a move leaves
 * nothing on that board to choose, since what it showed is then out of date.
 */
import { playerAt } from '@gangsta/engine';
import { type MouseEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenReaderText } from '../../cards/index.ts';
import type { BoardProps } from './boardParts.tsx';
import { ZoomLayer } from './ZoomLayer.tsx';
import { ZoomProvider } from './zoom.tsx';

/** Whether a legal move of the viewer is played on this board (a member, or the player). */
function hasChoice(board: BoardProps): boolean {
  const player = playerAt(board.view, board.seat);
  const members = new Set([...player.gang, ...player.hospital].map((m) => m.id));
  return board.legal.some(
    (m) =>
      (m.type === 'target' && m.target === board.seat) || ('member' in m && members.has(m.member)),
  );
}

/**
 * The button and the dialog; `children` is the full-size board (PlayerBoard passes itself, so
 * this file does not import it back).
 */
export function GangDialog({
  board,
  name,
  children,
}: {
  board: BoardProps;
  name: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const choice = hasChoice(board);
  useEffect(() => {
    const element = dialog.current;
    if (!open || !element || element.open) return;
    // jsdom (the component tests) has no modal dialogs: there it is simply shown.
    if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', '');
  }, [open]);
  useEffect(() => {
    if (!choice) setOpen(false);
  }, [choice]);
  const close = () => {
    dialog.current?.close?.();
    setOpen(false);
  };
  // A click on the backdrop lands on the dialog element itself (its content is inside a box).
  const onBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) close();
  };
  return (
    <>
      <button
        type="button"
        className="secondary board__see"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {t('table.seeGang')}
        <ScreenReaderText> ({name})</ScreenReaderText>
      </button>
      {open ? (
        <dialog
          ref={dialog}
          className="gang-dialog"
          aria-label={t('table.gangOf', { name })}
          data-testid="gang-dialog"
          onCancel={(event) => {
            event.preventDefault();
            close();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              close();
            }
          }}
          onClick={onBackdrop}
        >
          <div className="gang-dialog__box">
            <button type="button" className="secondary gang-dialog__close" onClick={close}>
              {t('table.close')}
            </button>
            <ZoomProvider resetKey={board.view.moveCount}>
              {children}
              <ZoomLayer cards={board.view.cards} />
            </ZoomProvider>
          </div>
        </dialog>
      ) : null}
    </>
  );
}
