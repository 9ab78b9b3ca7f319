// Error reporting ignores noisy browser errors (docs/operations.md): network failures, chunk loading failures and the
// ResizeObserver loop. One rule for the reporter in the browser and the collector that receives reports.

const NOISE = [
  // Network failures, as each browser words them.
  /^Failed to fetch\b/i,
  /^NetworkError when attempting to fetch resource/i,
  /^Load failed$/i,
  /^Network request failed/i,
  /\bnet::ERR_/i,
  // A chunk of an older release, gone after a deploy, or a download cut short.
  /^Loading chunk [\w-]+ failed/i,
  /^Loading CSS chunk/i,
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /^Importing a module script failed/i,
  /^ChunkLoadError\b/i,
  // The browser's own warning about layout feedback, not a fault of ours.
  /^ResizeObserver loop (limit exceeded|completed with undelivered notifications)/i,
];

/** Whether an error (its type and message) is noise that is not reported. */
export function isNoiseError(type: string | null | undefined, message: string | null | undefined): boolean {
  if (type === 'ChunkLoadError') return true;
  const text = (message ?? '').replace(/^Uncaught (\w*Error: )?/, '');
  return NOISE.some((pattern) => pattern.test(text));
}
