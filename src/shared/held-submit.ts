/**
 * A form submitted before the page hydrated (src/render/document.tsx SUBMIT_GUARD_SCRIPT holds it, marked with this
 * attribute) is submitted again by the hydrated page (client/app/hydrated-forms.ts), with what was typed.
 */
export const HELD_SUBMIT_ATTRIBUTE = 'data-held-submit';
