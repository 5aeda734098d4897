import { expect, test, signInAt } from './fixtures';

test('an admin reads the live API in Swagger UI and ReDoc', async ({ page }) => {
  await signInAt(page, 'admin', '/en/sys/swagger');
  const viewer = page.getByTestId('api-viewer');
  await expect(viewer.locator('.swagger-ui')).toBeVisible();
  // Sections start closed; every entity has one, and opening it lists its operations.
  for (const tag of ['IP', 'Designer', 'License', 'Review', 'core', 'role']) {
    await expect(viewer.locator(`.opblock-tag[data-tag="${tag}"]`)).toBeVisible();
  }
  await viewer.locator('.opblock-tag[data-tag="IP"]').click();
  await expect(viewer.locator('[data-path="/api/v1/IP/query"]').first()).toBeVisible();
  await viewer.locator('.opblock-tag[data-tag="Review"]').click();
  await expect(viewer.locator('[data-path="/api/v1/Review/{id}/{state}"]').first()).toBeVisible();

  await page.goto('/jp/sys/redoc');
  await expect(
    page.getByTestId('api-viewer').getByRole('heading', { name: 'List Tag records visible to the caller' }),
  ).toBeVisible({ timeout: 20_000 });
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

test('a designer cannot open the API pages', async ({ page }) => {
  await signInAt(page, 'designer', '/en/designer/gallery');
  await page.goto('/en/sys/swagger');
  await expect(page.getByTestId('permission-denied')).toBeVisible();
});
