/** Anything but an explicit development or test environment is production. */
export function isProductionEnv(environment: string | undefined): boolean {
  return environment !== 'development' && environment !== 'test';
}
