/** Values tests/api/setup.ts puts into the environment, for the tests that need to know them. */
export const TEST_DEMO_PASSWORD = 'test-demo-password-1';
export const TEST_APP_URL = 'http://localhost:3999';
