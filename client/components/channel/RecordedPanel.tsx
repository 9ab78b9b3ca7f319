import { useState } from 'react';
import type { StreamCard } from '../../../src/shared/streams-api';
import { recordedPath } from '../../data/channel-api';
import { useT } from '../../i18n/i18n';
import { RecordedList } from './RecordedList';
import { Pager } from './Pager';
import { useApi } from '../../data/use-api';

/** The recordings tab: 12 a page (RECORDED_TAB_LIMIT), newest first; the page's own first two show until the page arrives. */
export function RecordedPanel({ channelId, first, locale }: { channelId: number; first: StreamCard[]; locale: string }) {
  const t = useT();
  const [offset, setOffset] = useState(0);
  const { data, error } = useApi(recordedPath(channelId, offset));
  const items = data?.items ?? (offset === 0 ? first : null);
  return (
    <section aria-labelledby="recorded-title">
      <h3 id="recorded-title">{t('channel.recorded')}</h3>
      {error ? <p className="field-error">{t('channel.loadFailed')}</p> : items ? <RecordedList streams={items} locale={locale} /> : <p role="status">…</p>}
      {data && <Pager offset={offset} limit={data.limit} total={data.total} onPage={setOffset} />}
    </section>
  );
}
