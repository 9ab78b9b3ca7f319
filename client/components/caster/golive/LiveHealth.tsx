import { useT } from '../../../i18n/i18n';
import type { BroadcastStats } from './studio-broadcast';

/** A live this far behind capture (ms) is more than the computer keeps up with: the panel says so. */
const BEHIND_MS = 3000;

/** While live from the studio: what goes out (renditions), how it goes (upload, drops, delay, late segments), who watches. */
export function LiveHealth({ sending, stats, viewers }: { sending: string[]; stats: BroadcastStats | null; viewers: number | null }) {
  const t = useT();
  return (
    <>
      <p role="status">{t('caster.golive.sending', { renditions: sending.join(', ') })}</p>
      <dl className="go-live-health" aria-label={t('caster.golive.health')}>
        <dt>{t('caster.golive.upload')}</dt>
        <dd>{stats ? t('caster.golive.kbps', { kbps: Math.round(stats.uploadBps / 1000) }) : '…'}</dd>
        {stats?.droppedFrames !== null && (
          <>
            <dt>{t('caster.golive.droppedFrames')}</dt>
            <dd>{stats?.droppedFrames ?? 0}</dd>
          </>
        )}
        <dt>{t('caster.golive.delay')}</dt>
        <dd>{stats ? t('caster.golive.seconds', { seconds: (stats.delayMs / 1000).toFixed(1) }) : '…'}</dd>
        <dt>{t('caster.golive.lateSegments')}</dt>
        <dd>{stats?.lateSegments ?? 0}</dd>
        <dt>{t('caster.golive.segments')}</dt>
        <dd>{stats?.segments ?? 0}</dd>
        <dt>{t('caster.golive.viewers')}</dt>
        <dd>{viewers ?? 0}</dd>
      </dl>
      {stats && stats.delayMs > BEHIND_MS && (
        <p className="field-error" role="alert">
          {t('caster.golive.behind', { seconds: Math.round(stats.delayMs / 1000) })}
        </p>
      )}
      {stats?.offline && (
        <p className="field-error" role="alert">
          {t('caster.golive.reconnecting')}
        </p>
      )}
    </>
  );
}
