import './app/zod-jitless';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { PageProps } from '../src/shared/page-props';
import { Root } from './app/Root';
import { preloadPage, warmPageTable } from './app/pages';
import { whenIdle } from './app/idle';
import { installErrorReporting, reportError } from './errors/install';
import './styles/app.css';

const propsElement = document.getElementById('__PROPS__');
const root = document.getElementById('root');
if (propsElement && root) {
  const props = JSON.parse(propsElement.textContent ?? '{}') as PageProps;
  // Uncaught errors reach window's listeners; those an error boundary caught are reported from here.
  installErrorReporting(props.errorReporting);
  // A failed preload still hydrates: the page's error boundary then offers a reload.
  void preloadPage(props.page)
    .catch(() => {})
    // In a transition React hydrates in slices of a few milliseconds, yielding to the browser between
    // them, instead of one long task (Lighthouse counts each task over 50 ms under its 4x CPU throttle).
    .then(() => startTransition(() => void hydrateRoot(root, <Root initialProps={props} />, { onCaughtError: reportError })))
    .then(() => whenIdle(() => void warmPageTable().catch(() => {})));
}
