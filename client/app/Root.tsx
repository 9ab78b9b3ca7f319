import { Provider, createStore } from 'jotai';
import { useEffect, useState } from 'react';
import { SWRConfig } from 'swr';
import type { PageProps } from '../../src/shared/page-props';
import { I18nProvider } from '../i18n/i18n';
import { jsonFetcher } from '../data/api';
import { RouterProvider } from './router';
import { App } from './App';
import { finishHydration } from './hydrated-forms';

/** Data queries are never retried. */
const swrConfig = { fetcher: jsonFetcher, errorRetryCount: 0, shouldRetryOnError: false, revalidateOnFocus: false };

function useMountEffects() {
  useEffect(() => {
    // Registration failure is ignored.
    navigator.serviceWorker?.register('/service-worker.js', { scope: '/' }).catch(() => {});
    // Takes in what was typed before hydration, then marks the page interactive (tests and native wrappers wait
    // for it). In a task of its own: from inside this effect React would not handle the fields' events as input.
    const root = document.getElementById('root');
    const timer = setTimeout(() => root && finishHydration(root), 0);
    return () => clearTimeout(timer);
  }, []);
}

/** The whole client app, the same on the server (SSR) and in the browser (hydration). */
export function Root({ initialProps }: { initialProps: PageProps }) {
  const [store] = useState(() => createStore());
  useMountEffects();
  return (
    <Provider store={store}>
      <SWRConfig value={swrConfig}>
        <RouterProvider initialProps={initialProps}>
          {(props) => (
            <I18nProvider locale={props.locale} messages={props.messages}>
              <App props={props} />
            </I18nProvider>
          )}
        </RouterProvider>
      </SWRConfig>
    </Provider>
  );
}
