import { useState } from 'react';
import useSWR from 'swr';
import type { PageProps } from '../../src/shared/page-props';
import { MEMBER_LIST_TABS, memberListKey, type MemberListAnswer, type MemberListRow, type MemberListTab } from '../../src/shared/member-lists';
import { useT, type Translate } from '../i18n/i18n';
import { Tabs } from '../components/ui/Tabs';
import { formatDate, formatInteger } from '../lib/format';

/** Other places that list the member's things, linked from here. */
const ELSEWHERE = [
  { href: '/my/recent', key: 'nav.recent' },
  { href: '/my/subscriptions', key: 'nav.subscriptions' },
  { href: '/my/gifts', key: 'nav.gifts' },
  { href: '/luv/payments', key: 'member.lists.payments' },
  { href: '/messages', key: 'settings.messagesLink' },
] as const;

function rowText(t: Translate, tab: MemberListTab, row: MemberListRow, currency: string, locale: string): { main: string; detail: string; at: number | null } {
  const who = row.anonymous ? t('settings.anonymousSupporter') : `${row.nickname ?? ''} (${row.loginId ?? ''})`;
  const amount = row.amount === undefined ? '' : `${formatInteger(row.amount, locale)} ${currency}`;
  switch (tab) {
    case 'subscriptions':
    case 'subscribers':
      return { main: `${row.title ?? ''} — ${who}`, detail: t(`member.lists.status.${row.status ?? 1}`), at: row.startedAt ?? null };
    case 'items':
      return { main: row.prodName ?? '', detail: t('member.lists.quantity', { n: row.quantity ?? 0 }), at: null };
    case 'sentLuv':
    case 'receivedLuv':
      return { main: who, detail: amount, at: row.createdAt ?? null };
    default:
      return { main: `${row.prodName ?? ''} × ${row.quantity ?? 0}`, detail: who, at: row.createdAt ?? null };
  }
}

/** One tab's list, a page at a time (SWR; the first tab's first page came with the page). */
function ListPanel({ tab, initial, props }: { tab: MemberListTab; initial: MemberListAnswer | null; props: PageProps }) {
  const t = useT();
  const [offset, setOffset] = useState(0);
  const { data, error } = useSWR<MemberListAnswer>(memberListKey(tab, offset), { fallbackData: offset === 0 && initial ? initial : undefined });
  const currency = t(`currency.${props.brand.currency}`);
  if (error) return <p role="alert">{t('member.lists.failed')}</p>;
  if (!data) return <p aria-busy="true">{t('member.lists.loading')}</p>;
  if (data.items.length === 0) return <p className="muted">{t(`member.lists.empty.${tab}`)}</p>;
  const last = data.offset + data.items.length;
  return (
    <>
      <p className="muted">{t('member.lists.range', { from: data.offset + 1, to: last, total: data.total })}</p>
      <ul className="member-list" data-list={tab}>
        {data.items.map((row, i) => {
          const text = rowText(t, tab, row, currency, props.locale);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows of different lists share no id field; a page's rows are fixed
            <li key={`${data.offset}-${i}`} className="member-list-row">
              <span className="member-list-main">{text.main}</span> <span className="muted">{text.detail}</span>
              {text.at !== null && <time dateTime={new Date(text.at).toISOString()}> {formatDate(text.at, props.locale)}</time>}
            </li>
          );
        })}
      </ul>
      <div className="member-list-pager">
        <button type="button" className="btn btn-small" disabled={data.offset === 0} onClick={() => setOffset(Math.max(0, offset - data.limit))}>
          {t('member.lists.previous')}
        </button>
        <button type="button" className="btn btn-small" disabled={last >= data.total} onClick={() => setOffset(offset + data.limit)}>
          {t('member.lists.next')}
        </button>
      </div>
    </>
  );
}

/** /my/lists: the member's lists in tabs (docs/product/community.md, "Messages and my page"), linked from my page. */
export function MyListsPage({ props }: { props: PageProps<'MY_LISTS'> }) {
  const t = useT();
  const data = props.data;
  const first = data.tab ?? 'subscriptions';
  const [tab, setTab] = useState<MemberListTab>(first);
  const select = (next: MemberListTab) => {
    setTab(next);
    // The tab is in the address, so a reload or a shared link opens it.
    window.history.replaceState(window.history.state, '', `?tab=${next}`);
  };
  return (
    <section className="my-lists" aria-labelledby="lists-title">
      <h1 id="lists-title">{t('member.lists.title')}</h1>
      <Tabs id="member-lists" label={t('member.lists.title')} tabs={MEMBER_LIST_TABS.map((key) => ({ key, label: t(`member.lists.tabs.${key}`) }))} selected={tab} onSelect={select}>
        <ListPanel key={tab} tab={tab} initial={tab === first ? (data.list ?? null) : null} props={props} />
      </Tabs>
      <nav aria-label={t('member.lists.elsewhere')}>
        <ul className="my-links">
          {ELSEWHERE.filter((link) => link.href !== '/messages' || props.brand.features.messages).map((link) => (
            <li key={link.href}>
              <a href={link.href}>{t(link.key)}</a>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}
