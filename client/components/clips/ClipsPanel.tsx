import { useState } from 'react';
import { channelClipsPath } from '../../data/clip-api';
import { useApi } from '../../data/use-api';
import { useT } from '../../i18n/i18n';
import { Pager } from '../channel/Pager';
import { ClipList } from './ClipList';

/** A channel's Clips tab: its clips, newest first, a page at a time. */
export function ClipsPanel({ channelId, locale }: { channelId: number; locale: string }) {
  const t = useT();
  const [offset, setOffset] = useState(0);
  const { data, error } = useApi(channelClipsPath(channelId, offset));
  return (
    <section aria-labelledby="clips-title">
      <h3 id="clips-title">{t('clip.tab')}</h3>
      {error ? <p className="field-error">{t('channel.loadFailed')}</p> : data ? <ClipList clips={data.items} locale={locale} label={t('clip.tab')} empty={t('clip.empty')} /> : <p role="status">…</p>}
      {data && <Pager offset={offset} limit={data.limit} total={data.total} onPage={setOffset} />}
    </section>
  );
}
