/** The embedded API's own environment: bindings only, nothing of the edge. */
export type ApiEnv = { Bindings: Env; Variables: { deviceId: string } };
