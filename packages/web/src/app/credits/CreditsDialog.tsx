/**
 * Credits: who made the fonts and icons the app shows, under which licence, and that the rest
 * (cards, portraits, scenes) is this project's own. A button that opens a modal dialog; Escape,
 * Close or a click on the backdrop closes it and the browser returns the focus to the button.
 */
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CREDITED_ASSETS } from './assets.ts';
import './credits.css';

export function CreditsButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!open || !element || element.open) return;
    // jsdom (the component tests) has no modal dialogs: there it is simply shown.
    if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', '');
  }, [open]);
  const close = () => {
    dialog.current?.close?.();
    setOpen(false);
  };
  const onBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) close();
  };
  return (
    <>
      <button
        type="button"
        className="link-button credits__open"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {t('credits.open')}
      </button>
      {open ? (
        <dialog
          ref={dialog}
          className="credits"
          aria-labelledby="credits-title"
          onCancel={(event) => {
            event.preventDefault();
            close();
          }}
          onClick={onBackdrop}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              close();
            }
          }}
        >
          <div className="credits__box">
            <h2 id="credits-title">{t('credits.title')}</h2>
            <p>{t('credits.ours')}</p>
            <ul className="credits__list">
              {CREDITED_ASSETS.map((asset) => (
                <li key={asset.pkg} data-package={asset.pkg}>
                  <strong>{asset.work}</strong> — {t(`credits.uses.${asset.use}`)}
                  <br />
                  {t('credits.by', { author: asset.author })} ·{' '}
                  <a href={asset.licenceUrl} target="_blank" rel="noreferrer">
                    {asset.licence}
                  </a>{' '}
                  · <code>{asset.pkg}</code>
                </li>
              ))}
            </ul>
            <p>{t('credits.publisher')}</p>
            <button type="button" className="secondary credits__close" onClick={close}>
              {t('credits.close')}
            </button>
          </div>
        </dialog>
      ) : null}
    </>
  );
}
