/** In CI (CI=true) or with WILDFRAME_REQUIRE_INFRA=1 a missing test server fails the run instead of skipping suites. */
export function infraRequired(env = process.env) {
  return ['true', '1'].includes(String(env.CI ?? '').toLowerCase()) || env.WILDFRAME_REQUIRE_INFRA === '1';
}
