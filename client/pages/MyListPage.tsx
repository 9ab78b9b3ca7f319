import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { MY_LISTS, type MyListKey, type PageProps } from '../../src/shared/page-props';
import { PAGE_DEFAULTS } from '../../src/shared/paging-limits';
import type { ChannelListItem } from '../../src/shared/streams-api';
import { useT } from '../i18n/i18n';
import { pushToastAtom } from '../state/ui';
import { cancelRenewal, deletePlayed, deletePresent, listPage, removeSubscriptions, unsubscribe, usePass } from '../data/watch-api';
import { SUBSCRIPTION_PLANS } from '../../src/shared/subscription-plans';
import type { ApiResult } from '../data/api';
import { ChannelRow } from '../components/lists/ChannelRow';
import { unfollowChannel } from '../data/follow-api';
import { PushToggle } from '../components/follow/PushToggle';
import { usePagedList } from '../components/lists/use-paged-list';
import { ConfirmModal } from '../components/modals/ConfirmModal';
import { useFailureNotice } from '../data/use-mutation';
import { formatDate } from '../lib/format';

function deleteOne(list: MyListKey, channelId: number): Promise<ApiResult<unknown>> {
  if (list === 'RECENT_VIEW') return deletePlayed(channelId);
  if (list === 'GIFT_VIEW') return deletePresent(channelId);
  if (list === 'LIKE') return unfollowChannel(channelId);
  return removeSubscriptions([channelId]);
}

/** What the subscriptions list's buttons do, each after a confirmation: the call, and the words around it. */
const SUBSCRIPTION_ACTIONS = {
  cancelRenewal: { call: cancelRenewal, title: 'payout.renewal.confirmTitle', confirm: 'payout.renewal.confirm', label: 'subscriptions.cancelRenewal', done: 'payout.renewal.done' },
  unsubscribe: {
    call: unsubscribe,
    title: 'subscriptions.manage.unsubscribeTitle',
    confirm: 'subscriptions.manage.unsubscribeConfirm',
    label: 'subscriptions.manage.unsubscribe',
    done: 'subscriptions.manage.unsubscribeDone',
  },
  usePass: {
    call: usePass,
    title: 'subscriptions.manage.usePassTitle',
    confirm: 'subscriptions.manage.usePassConfirm',
    label: 'subscriptions.manage.usePass',
    done: 'subscriptions.manage.usePassDone',
  },
} as const;
type SubscriptionAction = keyof typeof SUBSCRIPTION_ACTIONS;

/** Followed, recently watched, subscriptions and gifted channels: one page, four lists (page keys LIKE, RECENT_VIEW, SUBSCRIPTIONS_VIEW, GIFT_VIEW). */
export function MyListPage({ props }: { props: PageProps<MyListKey> }) {
  const t = useT();
  const notice = useFailureNotice();
  const list = props.page;
  const initial = props.data.list;
  // A loader that failed shows so (below) and fetches nothing more.
  const paged = usePagedList<ChannelListItem>(
    initial ?? { items: [], total: 0 },
    (offset) => listPage(MY_LISTS[list].api, offset, PAGE_DEFAULTS.streamLimit),
    (item) => item.channelId,
  );
  const items = paged.items ?? [];
  const [acting, setActing] = useState(false);
  const busy = acting || paged.busy;
  const [confirmAll, setConfirmAll] = useState(false);
  /** The subscription action waiting for the member's confirmation. */
  const [asked, setAsked] = useState<{ action: SubscriptionAction; item: ChannelListItem } | null>(null);
  const pushToast = useSetAtom(pushToastAtom);

  const fail = (result: ApiResult<unknown>) => notice(result, { fallback: 'errors.network' });
  const run = async (work: () => Promise<void>) => {
    setActing(true);
    try {
      await work();
    } finally {
      setActing(false);
    }
  };
  const remove = (channelId: number) =>
    run(async () => {
      const done = await deleteOne(list, channelId);
      if (!done.ok) return fail(done);
      paged.setItems((all) => all?.filter((item) => item.channelId !== channelId) ?? null);
      paged.setTotal((n) => Math.max(0, n - 1));
    });
  /**
   * A monthly subscription stops renewing (status 5), a running one is ended (2; both stay in the list, running
   * to their expiry), or an unused pass is used (4 -> 1, its days from now).
   */
  const confirmed = (action: SubscriptionAction, item: ChannelListItem) =>
    run(async () => {
      setAsked(null);
      const done = await SUBSCRIPTION_ACTIONS[action].call(item.channelId);
      if (!done.ok || !done.body) return fail(done);
      const { status, expiresAt } = done.body;
      const at = 'startedAt' in done.body ? done.body.startedAt : item.at;
      paged.setItems((all) => all?.map((i) => (i.channelId === item.channelId ? { ...i, status, expiresAt, at } : i)) ?? null);
      pushToast({ key: SUBSCRIPTION_ACTIONS[action].done, params: { date: formatDate(expiresAt, props.locale) } });
    });
  const askedText = (a: NonNullable<typeof asked>) => {
    const days = a.item.plan ? SUBSCRIPTION_PLANS[a.item.plan].days : 0;
    const date = formatDate(a.action === 'usePass' ? Date.now() + days * 86_400_000 : (a.item.expiresAt ?? Date.now()), props.locale);
    return t(SUBSCRIPTION_ACTIONS[a.action].confirm, { nickname: a.item.creator.nickname, date, plan: a.item.plan ? t(`subscriptions.plans.${a.item.plan}`) : '' });
  };
  const removeAll = () =>
    run(async () => {
      setConfirmAll(false);
      const done = await deletePlayed('all');
      if (!done.ok) return fail(done);
      paged.setItems(() => []);
      paged.setTotal(() => 0);
    });

  return (
    <section className="list-page" aria-labelledby="list-title">
      <div className="list-head">
        <h1 id="list-title">{t(`lists.${list}.title`)}</h1>
        {list === 'RECENT_VIEW' && items.length > 0 && (
          <button type="button" className="btn btn-small" onClick={() => setConfirmAll(true)} disabled={busy}>
            {t('lists.deleteAll')}
          </button>
        )}
      </div>
      {list === 'LIKE' && <PushToggle />}
      {!initial ? (
        <p className="empty-state">{t('lists.loadFailed')}</p>
      ) : items.length === 0 ? (
        <p className="empty-state">{t(`lists.${list}.empty`)}</p>
      ) : (
        <ul className="channel-list" aria-busy={busy}>
          {items.map((item) => (
            <ChannelRow
              key={item.channelId}
              item={item}
              list={list}
              locale={props.locale}
              busy={busy}
              onDelete={() => remove(item.channelId)}
              onCancelRenewal={() => setAsked({ action: 'cancelRenewal', item })}
              onUnsubscribe={() => setAsked({ action: 'unsubscribe', item })}
              onUsePass={() => setAsked({ action: 'usePass', item })}
            />
          ))}
        </ul>
      )}
      {paged.more && (
        <button type="button" className="btn btn-block load-more" onClick={paged.loadMore} disabled={busy}>
          {t('lists.loadMore')}
        </button>
      )}
      <ConfirmModal
        id="subscription-action-modal"
        open={asked !== null}
        title={asked ? t(SUBSCRIPTION_ACTIONS[asked.action].title) : ''}
        message={asked ? askedText(asked) : ''}
        confirmLabel={asked ? t(SUBSCRIPTION_ACTIONS[asked.action].label) : ''}
        onConfirm={() => asked && confirmed(asked.action, asked.item)}
        onCancel={() => setAsked(null)}
      />
      <ConfirmModal
        id="delete-all-modal"
        open={confirmAll}
        title={t('lists.deleteAll')}
        message={t('lists.deleteAllConfirm')}
        confirmLabel={t('lists.delete')}
        onConfirm={removeAll}
        onCancel={() => setConfirmAll(false)}
      />
    </section>
  );
}
