/**
 * A short banner across the table for a new chapter, the gang war or a snitch. It never takes
 * the pointer (a click anywhere on the table skips it) and is decoration: the log says the same.
 */
import { useTranslation } from 'react-i18next';
import type { Banner } from './useTableMoments.ts';

export function BannerView({ banner }: { banner: Banner | null }) {
  const { t } = useTranslation();
  if (!banner) return null;
  const text =
    banner.kind === 'chapter'
      ? `${t(`app.chapterNumber.${banner.chapter}`)} — ${t(`cards.chapterName.${banner.chapter}`)}`
      : banner.kind === 'gangWar'
        ? t('table.banner.gangWar')
        : t('table.banner.snitch', { value: banner.value });
  return (
    <div
      className={`table-banner table-banner--${banner.kind}`}
      data-testid="table-banner"
      aria-hidden="true"
    >
      <span>{text}</span>
    </div>
  );
}
