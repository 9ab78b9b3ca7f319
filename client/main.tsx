import './app/zod-jitless';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { WireProps } from '../src/shared/page-props';
import { withMessages } from './i18n/messages';
import { Root } from './app/Root';
import { preloadPage, warmPageTable } from './app/pages';
import { whenIdle } from './app/idle';
import { installErrorReporting, reportError } from './errors/install';
import './styles/app.css';

const propsElement = document.getElementById('__PROPS__');
const root = document.getElementById('root');
if (propsElement && root) {
  const wire = JSON.parse(propsElement.textContent ?? '{}') as WireProps;
  // Uncaught errors reach window's listeners; those an error boundary caught are reported from here.
  installErrorReporting(wire.errorReporting);
  // The page's code and its messages (by URL: their module, fetched alongside main.js) load together. A failed
  // preload still hydrates: the page's error boundary then offers a reload. Without messages the page cannot
  // hydrate what the server wrote: it stays as rendered, and the error is reported.
  void Promise.all([withMessages(wire), preloadPage(wire.page).catch(() => {})])
    // In a transition React hydrates in slices of a few milliseconds, yielding to the browser between
    // them, instead of one long task (Lighthouse counts each task over 50 ms under its 4x CPU throttle).
    .then(([props]) => startTransition(() => void hydrateRoot(root, <Root initialProps={props} />, { onCaughtError: reportError })))
    .then(() => whenIdle(() => void warmPageTable().catch(() => {})))
    .catch(reportError);
}
