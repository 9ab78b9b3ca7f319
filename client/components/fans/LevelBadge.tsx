import { MEMBER_LEVELS } from '../../../src/shared/member-levels';
import { useT } from '../../i18n/i18n';

/** A member level's icon: a shield in the level's colour with its number; labelled for screen readers. */
export function LevelBadge({ level, size = 20 }: { level: number; size?: number }) {
  const t = useT();
  const color = MEMBER_LEVELS.find((l) => l.level === level)?.color ?? MEMBER_LEVELS[0]!.color;
  return (
    <svg className="level-badge" width={size} height={size} viewBox="0 0 20 20" role="img" aria-label={t('exchange.level.label', { level })} data-level={level}>
      <path d="M10 1 L18 4 V10 C18 14.5 14.5 18 10 19 C5.5 18 2 14.5 2 10 V4 Z" fill={color} />
      <text x="10" y="13.5" textAnchor="middle" fontSize="9" fontWeight="700" fill="#fff">
        {level}
      </text>
    </svg>
  );
}
