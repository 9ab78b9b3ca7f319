// The client's calls are typed by the API's routes (docs/architecture.md, "API contract"). Never run: `npm run
// typecheck` checks it (client/tsconfig.json), and each `@ts-expect-error` fails the check once its line compiles,
// that is once a wrong path, parameter or answer field stops being an error.
import { apiKey, call } from '../../client/data/api';

export async function typedCalls(): Promise<void> {
  // A route as registered, its path parameter apart: compiles.
  await call('DELETE', '/api/cs/board-delete/:id', { param: { id: 1 } });
  const like = await call('POST', '/api/cs/board-like', { json: { boardId: 1 } });
  void like.body?.likeCount;

  // @ts-expect-error: no such route
  await call('GET', '/api/cs/board-lists');
  // @ts-expect-error: the route answers PUT, not POST
  await call('POST', '/api/my/channel/board-setting', { json: { writePermission: 'all' } });
  // @ts-expect-error: the body has no such field
  await call('POST', '/api/cs/board-like', { json: { boardID: 1 } });
  // @ts-expect-error: the route's path parameter is missing
  await call('DELETE', '/api/cs/board-delete/:id');
  // @ts-expect-error: the route takes no such query parameter
  apiKey('/api/cs/board-detail', { query: { channelId: 1, boardId: 2, page: 1 } });
  // @ts-expect-error: the answer has no such field
  void like.body?.likes;
}
