import { useCallback, useEffect, useRef, useState, type ComponentType, type RefObject } from 'react';

/**
 * A dialog that is its own chunk, fetched when its button is pointed at, focused or pressed, so it is
 * usually there by the click. (Not lazyComponent with a Suspense boundary: those modules would then be
 * shared with main.js through a chunk of their own, which costs the home page's first load.)
 * A failed load is tried again by the next press.
 */
export function lazyDialog<P>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<ComponentType<P>> | null = null;
  const get = (): Promise<ComponentType<P>> => {
    loading ??= load();
    loading.catch(() => (loading = null));
    return loading;
  };
  return { get, preload: () => void get().catch(() => {}) };
}

export interface LazyDialogState<P> {
  /** The loaded component, once it is there. */
  Dialog: ComponentType<P> | null;
  open: boolean;
  /** The chunk could not be loaded (offline, a new release): show the error, the next press tries again. */
  failed: boolean;
  /** Pressed and still loading: the button's aria-busy. */
  waiting: boolean;
  openDialog: () => void;
  close: () => void;
  /** The button that opens it: focus goes back to it when the dialog closes. */
  button: RefObject<HTMLButtonElement | null>;
}

/** The open/loading/failed state of a lazily loaded dialog, and focus back on its button when it closes. */
export function useLazyDialog<P>(dialog: { get: () => Promise<ComponentType<P>> }): LazyDialogState<P> {
  const [Dialog, setDialog] = useState<ComponentType<P> | null>(null);
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  // Back to the button once the dialog is gone (while the modal dialog is there, the page behind is inert).
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  const openDialog = () => {
    setOpen(true);
    setFailed(false);
    dialog.get().then(
      (component) => setDialog(() => component),
      () => setFailed(true),
    );
  };
  return { Dialog, open, failed, waiting: open && !Dialog && !failed, openDialog, close, button };
}
