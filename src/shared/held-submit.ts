/**
 * A form submitted before the page hydrated (src/render/document.tsx SUBMIT_GUARD_SCRIPT holds it, marked with this
 * attribute) is submitted again by the hydrated page (client/app/hydrated-forms.ts), with what was typed.
 */
export const HELD_SUBMIT_ATTRIBUTE = 'data-held-submit';

/**
 * A select chosen before the page hydrated carries the chosen value in this attribute (src/render/document.tsx
 * SUBMIT_GUARD_SCRIPT): hydrating a controlled select sets it back to the value React rendered, so the field itself no
 * longer tells what the person chose (client/app/hydrated-forms.ts reads it here).
 */
export const CHOSEN_BEFORE_HYDRATION_ATTRIBUTE = 'data-chosen';
