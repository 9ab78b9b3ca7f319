/**
 * Where the API publishes its contract: the OpenAPI document (generated and served by the API; the edge
 * passes it through its proxy, so it comes from API_ORIGIN when the API lives there) and the edge's
 * readable reference page built from it.
 */
export const API_CONTRACT_PATHS = { document: '/openapi.json', page: '/docs/api' } as const;
