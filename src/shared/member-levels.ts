// Member levels (GET /api/my/member-level-info): a member's level comes from the luv they have
// sent to creators: gifts and subscription payments from their wallet (item purchases and refunds do not
// count). No zod here: the client draws the icon from this table too.

export interface MemberLevel {
  level: number;
  /** Luv sent from which this level holds. */
  from: number;
  /** The icon's colour (the client draws the badge: a shield with the level's number). */
  color: string;
}

/** Ten levels; the thresholds roughly triple, as fan levels on Korean streaming sites do. */
export const MEMBER_LEVELS: readonly MemberLevel[] = [
  { level: 1, from: 0, color: '#9aa0a6' },
  { level: 2, from: 100, color: '#6fbf73' },
  { level: 3, from: 300, color: '#2e9e5b' },
  { level: 4, from: 1_000, color: '#3b8fd9' },
  { level: 5, from: 3_000, color: '#2962c4' },
  { level: 6, from: 10_000, color: '#7b52c9' },
  { level: 7, from: 30_000, color: '#b43fb0' },
  { level: 8, from: 100_000, color: '#d9822b' },
  { level: 9, from: 300_000, color: '#d4452f' },
  { level: 10, from: 1_000_000, color: '#b8860b' },
];

/** The level a member with this much luv sent is at. */
export function levelFor(sent: number): MemberLevel {
  let found = MEMBER_LEVELS[0]!;
  for (const level of MEMBER_LEVELS) if (sent >= level.from) found = level;
  return found;
}

/** The next level up, or null at the top. */
export const nextLevel = (level: number): MemberLevel | null => MEMBER_LEVELS.find((l) => l.level === level + 1) ?? null;

/** The icon's id as the API names it (the client maps it back to the level's badge). */
export const levelIcon = (level: number) => `level-${level}`;
