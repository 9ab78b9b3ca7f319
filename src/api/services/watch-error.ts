/** A refusal of a watch call: the HTTP status, an error code and the locale key of its message. */
export class WatchError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 429,
    readonly code: string,
    readonly messageKey: string,
  ) {
    super(messageKey);
  }
}

export const notFoundChannel = () => new WatchError(404, 'CHANNEL_NOT_FOUND', 'errors.channelNotFound');
