import { app } from './app';
import { assertSafeConfig } from './api';

export { LiveChannel } from './live';
export { ChatRoom } from './chat';
export { PageEpochs } from './edge-cache';

let checked = false;

export default {
  fetch(request, env, ctx) {
    if (!checked) {
      assertSafeConfig(env); // a production Worker with offline adapters or the dev secret refuses to serve
      checked = true;
    }
    return app.fetch(request, env, ctx);
  },
} satisfies ExportedHandler<Env>;
