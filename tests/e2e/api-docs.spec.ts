import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { baseURL } from '../../playwright.config';
import { allowConsoleErrors, expect, test, signInAt } from './fixtures';

test('an admin reads the live API in Swagger UI and ReDoc', async ({ page }) => {
  // ReDoc lays out all 258 operations with their examples before it shows any: on a loaded
  // 2-core machine that took 40 s.
  test.setTimeout(300_000);
  await signInAt(page, 'admin', '/en/sys/swagger');
  const viewer = page.getByTestId('api-viewer');
  // This is the first journey of its worker: its 1.4 MB bundle loads and runs while every server
  // and browser of the run is starting on two cores, which took over 10 s on a clean-clone CI run.
  await expect(viewer.locator('.swagger-ui')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('api-viewer-loading')).toHaveCount(0);
  // Swagger UI draws its sections once it has read all 258 operations.
  await expect(viewer.locator('.opblock-tag').first()).toBeVisible({ timeout: 60_000 });
  // Sections start closed; every entity has one, and opening it lists its operations.
  for (const tag of ['IP', 'Designer', 'License', 'Review', 'core', 'role']) {
    await expect(viewer.locator(`.opblock-tag[data-tag="${tag}"]`)).toBeVisible();
  }
  await viewer.locator('.opblock-tag[data-tag="IP"]').click();
  await expect(viewer.locator('[data-path="/api/v1/IP/query"]').first()).toBeVisible();
  await viewer.locator('.opblock-tag[data-tag="Review"]').click();
  await expect(viewer.locator('[data-path="/api/v1/Review/{id}/{state}"]').first()).toBeVisible();

  await page.goto('/jp/sys/redoc');
  // ReDoc has a document of its own, named for the person by the page's title.
  await expect(page.getByTestId('api-viewer')).toHaveAttribute('title', 'API仕様 (ReDoc)');
  await expect(
    page.frameLocator('[data-testid=api-viewer]').getByRole('heading', { name: 'List Tag records visible to the caller' }),
  ).toBeVisible({ timeout: 120_000 });
  // Leaving while ReDoc is still laying out the operations leaves no error behind.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/jp/sys/redoc');
  await page.getByRole('link', { name: 'API仕様 (Swagger)' }).first().click();
  await expect(page).toHaveURL(/\/jp\/sys\/swagger$/);
  // The frame shares the page's renderer: Swagger draws once ReDoc's layout task, cut short by
  // the navigation, has ended (a clean-clone CI run waited over 10 s for it).
  await expect(page.getByTestId('api-viewer').locator('.swagger-ui')).toBeVisible({ timeout: 120_000 });
  expect(errors).toEqual([]);
});

test('Swagger UI still draws when its page is opened again while the bundle is on its way', async ({ page }) => {
  test.setTimeout(120_000);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/assets/swagger-ui.js', async (route) => {
    await held;
    await route.continue();
  });
  await signInAt(page, 'admin', '/en/sys/swagger');
  await expect(page.getByTestId('api-viewer-loading')).toHaveText('Loading the API reference…');
  // Away and back inside the app while the bundle is held: the view that asked for it is gone, and
  // the one that waits now is a second mount (next/script tells it only "loaded", not "ready").
  await page.getByRole('link', { name: 'Jobs' }).first().click();
  await expect(page).toHaveURL(/\/en\/sys\/jobs$/);
  await page.getByRole('link', { name: 'API (Swagger)' }).first().click();
  await expect(page).toHaveURL(/\/en\/sys\/swagger$/);
  await expect(page.getByTestId('api-viewer-loading')).toBeVisible();
  release();
  await expect(page.getByTestId('api-viewer').locator('.opblock-tag').first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('api-viewer-loading')).toHaveCount(0);
});

test('a bundle that cannot be loaded is said so in Japanese, not left as an empty box', async ({ page }, testInfo) => {
  allowConsoleErrors(testInfo, /^Failed to load resource: net::ERR_FAILED$/);
  await page.route('**/api/assets/swagger-ui.js', (route) => route.abort('failed'));
  await signInAt(page, 'admin', '/jp/sys/swagger');
  await expect(page.getByTestId('api-viewer-failed')).toHaveText(
    'API仕様を読み込めませんでした。ページを再読み込みしてください。それでも表示されない場合は運用担当者に連絡してください。',
  );
  await expect(page.getByTestId('api-viewer-loading')).toHaveCount(0);
  await expect(page.getByTestId('api-viewer').locator('.swagger-ui')).toHaveCount(0);
});

test('the OpenAPI document is served at /openapi.json', async ({ request }) => {
  const res = await request.get('/openapi.json');
  expect(res.ok()).toBe(true);
  const doc = (await res.json()) as {
    openapi: string;
    paths: Record<string, unknown>;
    components: { schemas: Record<string, unknown> };
  };
  expect(doc.openapi).toBe('3.1.0');
  expect(doc.paths['/api/v1/License/{id}']).toBeDefined();
  expect(doc.components.schemas.DesignerCreate).toBeDefined();
});

test('the served /openapi.json passes redocly lint (recommended rules) with no error and no warning', () => {
  const run = spawnSync(path.join('node_modules', '.bin', 'tsx'), ['scripts/lint-openapi.ts', `${baseURL}/openapi.json`], {
    encoding: 'utf8',
  });
  expect(run.stdout).toContain('0 errors, 0 warnings');
  expect(run.status, run.stdout + run.stderr).toBe(0);
});

test('a designer cannot open the API pages', async ({ page }) => {
  await signInAt(page, 'designer', '/en/designer/gallery');
  await page.goto('/en/sys/swagger');
  await expect(page.getByTestId('permission-denied')).toBeVisible();
});
