/** A small loader inside a busy button; decorative (the button itself says aria-busy or is disabled). */
export function Spinner() {
  return <span className="spinner" aria-hidden="true" />;
}
