/**
 * The local game's menu above the table (TableScreen's `menu`): download the game file, watch
 * the replay once the game is over, abandon it (after a confirmation while it is running).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadRecord } from '../../app/files.ts';
import type { Session } from '../../app/session.ts';
import type { GameController } from './controller.ts';

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
      <button
        type="button"
        onClick={() => downloadRecord(controller.record(), controller.getSnapshot().players)}
      >
        {t('app.exportGame')}
      </button>
      {over ? (
        <button
          type="button"
          onClick={() => session.openReplay(controller.record(), controller.getSnapshot().players)}
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
