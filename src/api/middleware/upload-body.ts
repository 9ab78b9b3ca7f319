import { bodyLimit } from 'hono/body-limit';
import { Refusal } from '../../lib/errors';
import { UPLOAD_REQUEST_MAX_BYTES } from '../../shared/uploads';

/**
 * Routes that take files: the whole body at most UPLOAD_REQUEST_MAX_BYTES, refused by its Content-Length
 * before reading and by the bytes read when it has none (callers at API_ORIGIN bypass the site's proxy,
 * which holds the same limit).
 */
export const uploadBody = () =>
  bodyLimit({
    maxSize: UPLOAD_REQUEST_MAX_BYTES,
    onError: () => {
      throw new Refusal(413, 'UPLOAD_TOO_LARGE', 'uploads.requestTooLarge');
    },
  });
