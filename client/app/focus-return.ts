// Where focus goes back when a dialog closes. The browser returns it to the element focused when the dialog opened,
// but a control its own call disabled while busy (a submit button) has dropped focus to the body by the time a popup
// about that call opens: then the last element the person focused is where they were.

let last: HTMLElement | null = null;

/** Follow focus from now on (the app, once hydrated); answers the function that stops. */
export function trackFocus(): () => void {
  const onFocus = (event: FocusEvent) => {
    if (event.target instanceof HTMLElement) last = event.target;
  };
  document.addEventListener('focusin', onFocus);
  return () => document.removeEventListener('focusin', onFocus);
}

/** The element a dialog opening now should give focus back to. */
export function focusOrigin(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : last;
}
