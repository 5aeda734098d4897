import { expect, test } from '@playwright/test';
import { signInAt } from './fixtures';

test('an admin reads the live API in Swagger UI and ReDoc', async ({ page }) => {
  await signInAt(page, 'admin', '/en/sys/swagger');
  const viewer = page.getByTestId('api-viewer');
  await expect(viewer.locator('.swagger-ui')).toBeVisible();
  await expect(viewer.getByText('/api/v1/IP/query', { exact: true })).toBeVisible();
  await expect(viewer.getByText('/api/v1/Designer/{id}', { exact: true }).first()).toBeVisible();

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
