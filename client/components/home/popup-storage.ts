/** 'showPopup' in session storage: 'false' once the popup was closed in this session. */
export const POPUP_SESSION_KEY = 'showPopup';
/** "Don't show again today": the popup and the day (Korean time) it was hidden on. */
export const HIDDEN_TODAY_KEY = 'popupHiddenOn';
export const today = () => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);

export function storage(kind: 'sessionStorage' | 'localStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null; // storage blocked: the popup shows once per page load
  }
}
