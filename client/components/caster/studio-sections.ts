/** The studio's sections, in the order its tabs show them; the first is where /caster opens. */
export const STUDIO_SECTIONS = ['channel', 'live', 'money', 'community'] as const;
export type StudioSection = (typeof STUDIO_SECTIONS)[number];

/** ?section=live opens the live section, so a reload or a shared link lands where it was; anything else opens the first. */
export const sectionFrom = (query: Record<string, string>): StudioSection =>
  (STUDIO_SECTIONS as readonly string[]).includes(query.section ?? '') ? (query.section as StudioSection) : STUDIO_SECTIONS[0];

/** The studio's address with `section` open: the first section has none. */
export const studioSectionPath = (section: StudioSection): string => (section === STUDIO_SECTIONS[0] ? '/caster' : `/caster?section=${section}`);
