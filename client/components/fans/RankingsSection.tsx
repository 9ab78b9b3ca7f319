import { useState } from 'react';
import type { SenderRank } from '../../../src/shared/fan-schemas';
import { RANKING_PERIODS, type RankingPeriod } from '../../../src/shared/rankings';
import { useT } from '../../i18n/i18n';
import { useRankings } from '../../data/exchange-api';
import { Tabs } from '../ui/Tabs';
import { LevelBadge } from './LevelBadge';
import { useCurrency } from '../gift/currency';

/**
 * Gift rankings (GET /api/my/rankings), as Korean streaming sites show them: the member's own standing, the
 * top fans of their channel, their place among the fans of the channels they support, and the site's top
 * senders and channels, for this week, this month or all time.
 */
export function RankingsSection() {
  const t = useT();
  const { amount } = useCurrency();
  const [period, setPeriod] = useState<RankingPeriod>('week');
  const { data, error } = useRankings(period);

  const senders = (rows: SenderRank[], label: string, id: string) => (
    <section aria-labelledby={id} className="ranking-block">
      <h3 id={id}>{label}</h3>
      {rows.length === 0 ? (
        <p className="empty-state">{t('exchange.ranking.empty')}</p>
      ) : (
        <ol className="ledger-list ranking-list">
          {rows.map((row, i) => (
            // An anonymous supporter has no login ID: the place in the list keys the row.
            <li key={row.anonymous ? `anonymous-${i}` : row.loginId} className="ledger-row">
              <span className="ledger-main">
                <span>
                  {t('exchange.ranking.rank', { rank: row.rank })} <LevelBadge level={row.level} size={16} /> {row.anonymous ? t('settings.anonymousSupporter') : row.nickname}
                </span>
              </span>
              <span className="ledger-amount">{amount(row.amount)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );

  return (
    <section className="wallet-rankings" aria-labelledby="rankings-title">
      <h2 className="section" id="rankings-title">
        {t('exchange.ranking.title')}
      </h2>
      <Tabs id="rankings-tabs" label={t('exchange.ranking.title')} tabs={RANKING_PERIODS.map((key) => ({ key, label: t(`exchange.ranking.periods.${key}`) }))} selected={period} onSelect={setPeriod}>
        {error ? (
          <p className="empty-state">{t('wallet.listFailed')}</p>
        ) : !data ? null : (
          <div className="rankings" data-testid="rankings">
            <p data-testid="my-rank">{data.me.rank === null ? t('exchange.ranking.meNone') : t('exchange.ranking.me', { rank: data.me.rank, amount: amount(data.me.amount) })}</p>
            {data.myFanRanks.length > 0 && (
              <section aria-labelledby="rank-fan-of" className="ranking-block">
                <h3 id="rank-fan-of">{t('exchange.ranking.myFanRanks')}</h3>
                <ul className="ledger-list ranking-list">
                  {data.myFanRanks.map((row) => (
                    <li key={row.channelId} className="ledger-row">
                      <span className="ledger-main">
                        <a href={`/channel/${encodeURIComponent(row.loginId)}`}>{row.nickname}</a>
                        <span className="muted">{t('exchange.ranking.fanRank', { rank: row.rank, fans: row.fans })}</span>
                      </span>
                      <span className="ledger-amount">{amount(row.amount)}</span>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {data.myChannel && senders(data.myChannel.fans, t('exchange.ranking.myChannelFans'), 'rank-my-fans')}
            {senders(data.topSenders, t('exchange.ranking.topSenders'), 'rank-top-senders')}
            <section aria-labelledby="rank-top-channels" className="ranking-block">
              <h3 id="rank-top-channels">{t('exchange.ranking.topChannels')}</h3>
              {data.topChannels.length === 0 ? (
                <p className="empty-state">{t('exchange.ranking.empty')}</p>
              ) : (
                <ol className="ledger-list ranking-list">
                  {data.topChannels.map((row) => (
                    <li key={row.channelId} className="ledger-row">
                      <span className="ledger-main">
                        <span>
                          {t('exchange.ranking.rank', { rank: row.rank })} <a href={`/channel/${encodeURIComponent(row.loginId)}`}>{row.nickname}</a>
                        </span>
                        <span className="muted">{row.title}</span>
                      </span>
                      <span className="ledger-amount">{amount(row.amount)}</span>
                    </li>
                  ))}
                </ol>
              )}
            </section>
          </div>
        )}
      </Tabs>
    </section>
  );
}
