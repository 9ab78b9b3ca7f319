import { useT } from '../../i18n/i18n';
import { useMemberLevel } from '../../data/exchange-api';
import { LevelBadge } from './LevelBadge';
import { useCurrency } from '../gift/currency';

/** The member's level from the luv they sent (GET /api/my/member-level-info), with its icon when they show it. */
export function LevelCard() {
  const t = useT();
  const { data, error } = useMemberLevel();
  const { amount } = useCurrency();
  return (
    <section className="wallet-card" aria-labelledby="level-title">
      <h2 id="level-title">{t('exchange.level.title')}</h2>
      {error ? (
        <p className="muted">{t('wallet.unknown')}</p>
      ) : !data ? null : (
        <>
          <p className="wallet-figure level-figure" data-testid="member-level">
            {data.icon && <LevelBadge level={data.level} size={28} />}
            <span>{t('exchange.level.value', { level: data.level })}</span>
          </p>
          <p className="muted">
            {data.nextLevelFrom === null
              ? t('exchange.level.top', { sent: amount(data.sent) })
              : t('exchange.level.progress', { sent: amount(data.sent), next: data.level + 1, from: amount(data.nextLevelFrom) })}
          </p>
        </>
      )}
    </section>
  );
}
