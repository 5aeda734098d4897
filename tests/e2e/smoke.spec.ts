import { expect, test } from '@playwright/test';
import { signInAt, menuSections } from './fixtures';

test('designer signs in from a deep link', async ({ page }) => {
  await signInAt(page, 'designer', '/jp/designer/usage');
  expect(await menuSections(page)).toEqual(['section.designer', 'section.general']);
});
