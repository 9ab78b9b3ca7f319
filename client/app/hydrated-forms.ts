import { CHOSEN_BEFORE_HYDRATION_ATTRIBUTE, HELD_SUBMIT_ATTRIBUTE } from '../../src/shared/held-submit';

/**
 * What a person typed, ticked or chose before the page hydrated stays, and counts. React hydrates a controlled field
 * leaving the typed text on screen while its state keeps the server's value (''): the sign-in then answered
 * "아이디를 확인해주세요." beside a filled-in ID. Every field whose value differs from the one React rendered
 * (hydration writes that as the field's default) is reported to React as the change it was, so each form's own
 * onChange takes it in: one mechanism for every form, controlled or not, with nothing to add to a new one.
 *
 * React reports a change only when the field's value differs from the one it last saw, which it records through
 * the element's own `value` (or `checked`) setter; the field's typed value is what it saw at hydration. So the
 * rendered value is set through that setter first, then the typed one through the prototype's (unseen), then the
 * event React listens for is sent: the same steps as a person's input.
 */
export function adoptTypedValues(root: ParentNode): void {
  // Every change is found before any is reported: a reported one may change other fields through React (agree to
  // all ticks each term), and those are React's own, not the person's.
  const changes = [...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input, textarea, select')].flatMap((field) => {
    const change = typedChange(field);
    return change ? [change] : [];
  });
  for (const report of changes) report();
}

/** Input types a person types into (not file, hidden, buttons, checkboxes). */
const TEXT_LIKE = /^(text|password|email|tel|url|search|number|date|datetime-local|month|week|time)$/;

/** How to report what the person did to `field`, or null where it holds what React rendered. */
function typedChange(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement): (() => void) | null {
  if (field.disabled) return null;
  if (field instanceof HTMLSelectElement) return selectChange(field);
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) return checkedChange(field);
  if (field.readOnly || (field instanceof HTMLInputElement && !TEXT_LIKE.test(field.type))) return null;
  const typed = field.value;
  if (typed === field.defaultValue) return null;
  return () => {
    const caret = field === document.activeElement ? selection(field) : null;
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    if (caret) field.setSelectionRange(caret[0], caret[1]);
  };
}

/** Where the caret stands in a field that has one (email and number fields have none to read). */
function selection(field: HTMLInputElement | HTMLTextAreaElement): [number, number] | null {
  try {
    return field.selectionStart === null || field.selectionEnd === null ? null : [field.selectionStart, field.selectionEnd];
  } catch {
    return null;
  }
}

/** A ticked or unticked box, or the radio button chosen in its group (the others follow it). */
function checkedChange(field: HTMLInputElement): (() => void) | null {
  if (field.checked === field.defaultChecked || (field.type === 'radio' && !field.checked)) return null;
  return () => {
    field.checked = field.defaultChecked;
    // A click toggles it back to what the person left, unseen by the setter, and is the event React listens for.
    field.click();
  };
}

/** React tracks no value for a select: its change event alone carries the choice. */
function selectChange(field: HTMLSelectElement): (() => void) | null {
  if (field.multiple) return null;
  // Hydration sets a controlled select back to what React rendered: the choice made before is in the attribute.
  const attribute = field.getAttribute(CHOSEN_BEFORE_HYDRATION_ATTRIBUTE);
  field.removeAttribute(CHOSEN_BEFORE_HYDRATION_ATTRIBUTE);
  const options = [...field.options];
  const chosen = attribute !== null && options.some((option) => option.value === attribute) ? attribute : field.value;
  const rendered = options.find((option) => option.defaultSelected) ?? options.find((option) => !option.disabled);
  if (!rendered || chosen === rendered.value) return null;
  // Set when reported: a change reported before this one re-renders the form, and React sets every select back then.
  return () => {
    field.value = chosen;
    field.dispatchEvent(new Event('change', { bubbles: true }));
  };
}

/**
 * The end of hydration, run once the page's first commit is done (outside React's own work, so the events above are
 * handled as a person's): typed values taken in, the page marked hydrated (from here on submits reach their forms),
 * then a form submitted before (held by the document's guard) submitted again, by its own handler.
 */
export function finishHydration(root: HTMLElement): void {
  try {
    adoptTypedValues(root);
  } finally {
    // Whatever befell a field, the page is live: submits must not stay held.
    document.documentElement.dataset.hydrated = 'true';
  }
  const held = root.querySelector<HTMLFormElement>(`form[${HELD_SUBMIT_ATTRIBUTE}]`);
  if (!held) return;
  held.removeAttribute(HELD_SUBMIT_ATTRIBUTE);
  held.requestSubmit();
}
