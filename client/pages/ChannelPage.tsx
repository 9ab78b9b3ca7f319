import { useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PageProps } from '../../src/shared/page-props';
import type { Playback } from '../../src/shared/streams-api';
import { useT } from '../i18n/i18n';
import { showMembersOnlyAtom } from '../state/ui';
import { AccessGate } from '../components/watch/AccessGate';
import { WatchPlayer } from '../components/watch/WatchPlayer';
import { StreamThumb } from '../components/watch/StreamThumb';
import { StreamBadges } from '../components/watch/StreamCardView';
import { useClock } from '../components/watch/time';
import { ChannelTabs } from '../components/channel/ChannelTabs';
import { NoticesPanel } from '../components/channel/NoticesPanel';
import { BoardPanel, useNewBoardCount } from '../components/board/BoardPanel';
import { PinnedNotice } from '../components/channel/PinnedNotice';
import { RecordedList } from '../components/channel/RecordedList';
import { RecordedPanel } from '../components/channel/RecordedPanel';
import { ClipButton } from '../components/clips/ClipButton';
import { ShareButton } from '../components/ui/ShareButton';
import { ClipsPanel } from '../components/clips/ClipsPanel';
import { ChannelAvatar, ChannelBanner, ChannelLinks } from '../components/channel/ChannelProfileView';
import { LazyChat } from '../components/chat/LazyChat';
import { GiftButton } from '../components/gift/GiftButton';
import { SubscribeButton } from '../components/subscribe/SubscribeButton';
import { FollowButton } from '../components/follow/FollowButton';
import { ReportButton } from '../components/cs/ReportButton';
import { useRouter } from '../app/router-context';
import { showInUrl, useInPageHistory } from '../app/in-page-history';
import { useChannelSettings } from '../data/use-channel-settings';
import { settingsNeedReload, shownAccess } from '../components/watch/live-access';
import { PURGE_REACH_MS } from '../../src/shared/page-cache';
import { formatDuration, formatInteger } from '../lib/format';

/** Past PURGE_REACH_MS, for the purge's own round trip. */
const REFRESH_MARGIN_MS = 500;

const TAB_IDS = ['live', 'recorded', 'clips', 'notices', 'board'] as const;
type TabId = (typeof TAB_IDS)[number];
/** ?tab=notices&notice=12 opens a notice, ?tab=board&post=7 a board post (links to them); anything else starts on the live tab. */
const tabFrom = (query: Record<string, string>): TabId => ((TAB_IDS as readonly string[]).includes(query.tab ?? '') ? (query.tab as TabId) : query.notice ? 'notices' : query.post ? 'board' : 'live');
const idFrom = (value: string | undefined): number | null => (/^[1-9]\d{0,14}$/.test(value ?? '') ? Number(value) : null);

/** What the page shows below the live: a tab, and the notice or board post open in it. The URL's query says the same. */
interface View {
  tab: TabId;
  notice: number | null;
  post: number | null;
}
const viewFrom = (query: Record<string, string>): View => ({ tab: tabFrom(query), notice: idFrom(query.notice), post: idFrom(query.post) });
const VIEW_PARAMS = ['tab', 'notice', 'post'];

/** The page's query with `view` in it (other parameters kept): none for the live tab, the open item's id with its tab. */
function searchOf(view: View): string {
  const params = new URLSearchParams(window.location.search);
  for (const name of VIEW_PARAMS) params.delete(name);
  if (view.tab !== 'live') params.set('tab', view.tab);
  if (view.tab === 'notices' && view.notice !== null) params.set('notice', String(view.notice));
  if (view.tab === 'board' && view.post !== null) params.set('post', String(view.post));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** How long the live has run, ticking each second: only this re-renders, not the page (the chat, the player). */
function LiveTime({ serverNow, startedAt }: { serverNow: number; startedAt: number }) {
  const now = useClock(serverNow);
  return <time dateTime={`PT${Math.max(0, Math.floor((now - startedAt) / 1000))}S`}>{formatDuration(now - startedAt)}</time>;
}

export function ChannelPage({ props }: { props: PageProps<'CHANNEL'> }) {
  const t = useT();
  const data = props.data;
  const showMembersOnly = useSetAtom(showMembersOnlyAtom);
  // The password form's answer: the live's playback for this viewer.
  const [unlocked, setUnlocked] = useState<Playback | null>(null);
  const { refresh } = useRouter();
  // The room announced a live starting or ending: the page's data again, so the player comes or goes.
  // A guest's page comes from the edge cache, which an isolate may not know purged for up to
  // PURGE_REACH_MS: once that has passed, ask again (the same data again changes nothing on screen).
  const guest = !props.me;
  const again = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(again.current), []);
  const onChannelStatus = useCallback(() => {
    void refresh({ keepScroll: true });
    if (!guest) return;
    window.clearTimeout(again.current);
    again.current = window.setTimeout(() => void refresh({ keepScroll: true }), PURGE_REACH_MS + REFRESH_MARGIN_MS);
  }, [refresh, guest]);
  // The settings as SWR holds them: the chat panel revalidates them when the room says operators changed
  // them. A switch that went off hides the player at once (below); one that came back needs the page's
  // data again (a signed playback URL, the gate the server decides), so the page reloads it in place.
  const settings = useChannelSettings(data.settings);
  // A new subscription: the page's data again (subscriber count, the subscribed flag, and so the chat's ticket).
  const onSubscribed = useCallback(() => void refresh({ keepScroll: true }), [refresh]);
  // Who is in the room now, as the room last told the chat (null before it joined).
  const [roomViewers, setRoomViewers] = useState<number | null>(null);
  /** The player's clock: the moment on screen, where a clip ends. */
  const clock = useRef<(() => number | null) | null>(null);
  const [view, setView] = useState<View>(() => viewFrom(props.query));
  const { tab, notice: openNotice, post: openPost } = view;
  // A tab is a place on the page (the URL follows it in place); an opened post or notice is a step the browser's Back
  // undoes. Closing one this page opened goes back in history, so the list's entry is not there twice.
  const openedHere = useRef(false);
  const show = (next: View, mode: 'push' | 'replace') => {
    openedHere.current = mode === 'push';
    setView(next);
    showInUrl(searchOf(next), mode);
  };
  const setTab = (id: TabId) => show({ ...view, tab: id }, 'replace');
  const openItem = (next: View, open: boolean) => {
    if (open) return show(next, 'push');
    if (openedHere.current) return window.history.back();
    show(next, 'replace');
  };
  const setOpenNotice = (id: number | null) => openItem({ ...view, tab: 'notices', notice: id }, id !== null);
  const setOpenPost = (id: number | null) => openItem({ ...view, tab: 'board', post: id }, id !== null);
  // Back and Forward between this page's own entries change the view, not the page (the player and the chat stay).
  const [here] = useState(() => (typeof window === 'undefined' ? '' : window.location.pathname));
  useInPageHistory(
    useCallback(
      (url: URL) => {
        if (url.pathname !== here) return false;
        openedHere.current = false;
        setView(viewFrom(Object.fromEntries(url.searchParams)));
        return true;
      },
      [here],
    ),
  );
  // A link to this channel with another query (the router keeps this page mounted): the view it names.
  const lastQuery = useRef(props.query);
  useEffect(() => {
    if (lastQuery.current === props.query) return;
    lastQuery.current = props.query;
    setView(viewFrom(props.query));
  }, [props.query]);
  const newPosts = useNewBoardCount(data.channelPage?.channel.channelId ?? 0, !!props.me && !!data.channelPage);
  const lastSettings = useRef(settings);
  useEffect(() => {
    const before = lastSettings.current;
    lastSettings.current = settings;
    if (settingsNeedReload(before, settings)) void refresh({ keepScroll: true });
  }, [settings, refresh]);
  // The notices tab's count as its list last read it (a post or a delete changes it), for the channel it was read for.
  const shownChannelId = data.channelPage?.channel.channelId ?? 0;
  const [noticeTotal, setNoticeTotal] = useState<{ channelId: number; total: number } | null>(null);
  const onNoticeTotal = useCallback((total: number) => setNoticeTotal({ channelId: shownChannelId, total }), [shownChannelId]);
  const page = data.channelPage;
  if (!page) return <p className="empty-state">{t('channel.loadFailed')}</p>;
  const { channel, live } = page;
  const noticeCount = noticeTotal?.channelId === channel.channelId ? noticeTotal.total : channel.noticeCount;
  const isCreator = !!props.me && props.me.loginId.toLowerCase() === channel.creator.loginId.toLowerCase();
  const access = live ? shownAccess(live, settings, isCreator) : null;
  const playback = live && access !== 'unavailable' ? (live.playback ?? unlocked) : null;
  const title = live?.title ?? channel.title;
  return (
    <article className="watch-page" aria-labelledby="watch-title">
      <div className="watch-stage">
        {live && playback ? (
          <WatchPlayer key={playback.url} playback={playback} live title={title} poster={live.thumbnailUrl} channelId={channel.channelId} me={props.me} clock={clock} />
        ) : live && access && access !== 'ok' ? (
          <AccessGate access={access} channelId={channel.channelId} me={props.me} onUnlocked={setUnlocked} />
        ) : (
          <div className="offline-box" role="status">
            <StreamThumb url={channel.thumbnailUrl} nickname={channel.creator.nickname} />
            <p>{t('channel.offline', { nickname: channel.creator.nickname })}</p>
          </div>
        )}
      </div>
      {/* What plays and whose, with following, gifts and clips: right under the player, before the chat on a phone. */}
      <section className="watch-head">
        <ChannelBanner channel={channel} />
        <h1 id="watch-title">{title}</h1>
        <p className="watch-creator">
          <ChannelAvatar channel={channel} />
          {channel.creator.nickname} <span className="muted">@{channel.creator.loginId}</span>
        </p>
        <div className="watch-actions">
          {live && <StreamBadges live adult={live.adult} locked={live.hasPassword} />}
          <FollowButton channelId={channel.channelId} nickname={channel.creator.nickname} me={props.me} own={isCreator} locale={props.locale} />
          {/* Gifts go to a live channel; a creator gives none to their own. */}
          {!isCreator && <GiftButton channelId={channel.channelId} creatorNickname={channel.creator.nickname} me={props.me} onAir={!!live} />}
          {/* A clip of what plays: our own lives, for whoever may watch them. */}
          {live && playback?.source === 'flex' && <ClipButton streamId={live.streamId} live clock={clock} me={props.me} />}
          <ShareButton title={title} url={`/channel/${encodeURIComponent(channel.creator.loginId)}`} label={t('common.share')} />
        </div>
      </section>
      {/* Chat works whether or not the channel is live. It joins again once the member subscribes: the
          ticket that opens the socket is where the room learns of the subscriber badge. */}
      <LazyChat
        key={channel.subscribed ? 'subscriber' : 'viewer'}
        channelId={channel.channelId}
        streamId={live?.streamId ?? null}
        me={props.me}
        onChannelStatus={onChannelStatus}
        passwordPlayback={unlocked}
        locked={live ? (!playback && (access === 'identity' || access === 'adult' || access === 'password') ? access : null) : channel.chatAccess === 'ok' ? null : channel.chatAccess}
        onViewers={setRoomViewers}
      />
      <section className="watch-info">
        <dl className="watch-stats">
          {live && (
            <>
              <dt>{t('channel.viewers')}</dt>
              {/* The room's count once the chat joined; before, the live's last recorded one, this viewer included. */}
              <dd className="watch-viewers">{formatInteger(roomViewers ?? Math.max(live.viewerCount, 1), props.locale)}</dd>
              <dt>{t('channel.liveTime')}</dt>
              <dd>
                <LiveTime serverNow={data.now ?? 0} startedAt={live.startedAt} />
              </dd>
            </>
          )}
          <dt>{t('channel.subscribers')}</dt>
          <dd>{formatInteger(channel.subscriberCount, props.locale)}</dd>
        </dl>
        {/* A guest is asked to sign in; a member subscribes (not to their own channel) or sees they do. */}
        {!props.me ? (
          <button type="button" className="btn btn-primary" onClick={() => showMembersOnly(true)}>
            {t('channel.subscribe')}
          </button>
        ) : channel.subscribed ? (
          <p className="badge badge-subscribed">{t('channel.subscribed')}</p>
        ) : (
          !isCreator && props.brand.features.subscriptions && props.brand.features.luv && <SubscribeButton channelId={channel.channelId} channelTitle={channel.title} onSubscribed={onSubscribed} />
        )}
        {channel.description && <p className="watch-description">{channel.description}</p>}
        <ChannelLinks channel={channel} />
        {/* Reporting: the channel, or its creator as a member; a guest is asked to sign in. */}
        {!isCreator && (
          <div className="watch-report">
            <ReportButton target={{ type: 'channel', id: String(channel.channelId), label: channel.title }} me={props.me} />
            <ReportButton target={{ type: 'member', id: channel.creator.loginId, label: channel.creator.nickname }} me={props.me} />
          </div>
        )}
      </section>
      {page.pinnedNotice && <PinnedNotice notice={page.pinnedNotice} locale={props.locale} onOpen={() => setOpenNotice(page.pinnedNotice!.noticeId)} />}
      <section id="notices" className="section" aria-label={t('channelProfile.tabs.label')}>
        <ChannelTabs
          label={t('channelProfile.tabs.label')}
          selected={tab}
          onSelect={(id) => setTab(id as TabId)}
          tabs={[
            {
              id: 'live',
              label: t('channelProfile.tabs.live'),
              panel: live ? (
                <p>
                  <StreamBadges live adult={live.adult} locked={live.hasPassword} /> {live.title}
                </p>
              ) : (
                <section aria-labelledby="last-recording-title">
                  <h3 id="last-recording-title">{t('channelProfile.lastRecording')}</h3>
                  {page.recorded[0] && props.brand.features.vod ? <RecordedList streams={[page.recorded[0]]} locale={props.locale} /> : <p className="empty-state">{t('channelProfile.noLive')}</p>}
                </section>
              ),
            },
            ...(props.brand.features.vod
              ? [{ id: 'recorded', label: t('channelProfile.tabs.recorded'), panel: <RecordedPanel channelId={channel.channelId} first={page.recorded} locale={props.locale} /> }]
              : []),
            { id: 'clips', label: t('clip.tab'), panel: <ClipsPanel channelId={channel.channelId} locale={props.locale} /> },
            {
              id: 'notices',
              label: `${t('channelProfile.tabs.notices')} ${noticeCount > 0 ? `(${formatInteger(noticeCount, props.locale)})` : ''}`.trim(),
              panel: <NoticesPanel channelId={channel.channelId} locale={props.locale} openId={openNotice} onOpen={setOpenNotice} onTotal={onNoticeTotal} />,
            },
            {
              id: 'board',
              label: newPosts ? `${t('board.tab')} (${t('board.newPosts', { count: newPosts })})` : t('board.tab'),
              panel: (
                <BoardPanel
                  channelId={channel.channelId}
                  locale={props.locale}
                  signedIn={!!props.me}
                  openId={openPost}
                  onOpen={setOpenPost}
                  postActions={(post) => <ReportButton target={{ type: 'board', id: String(post.boardId), label: post.title }} me={props.me} />}
                />
              ),
            },
          ]}
        />
      </section>
    </article>
  );
}
