import { redirectToMaintenance } from './maintenance-redirect';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null,
  ) {
    super(message);
  }
}

/** fetch with credentials through our proxy; every call goes through here. */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(path, { credentials: 'include', ...init, headers: { accept: 'application/json', ...init.headers } });
  if (res.status === 503) redirectToMaintenance(window.location);
  return res;
}

/** The SWR fetcher: SWR keys are API paths. */
export async function jsonFetcher<T>(path: string): Promise<T> {
  const res = await apiFetch(path);
  const body = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
  if (!res.ok) throw new ApiError(res.status, body?.error?.message ?? res.statusText, body?.error?.code ?? null);
  return body as T;
}
