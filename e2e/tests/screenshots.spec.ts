import path from 'node:path';
import { expect, test } from '../fixtures/site';

const DOCS = path.resolve(__dirname, '../../docs');

// Keeps the committed pictures of the home page in step with the code (docs/home-phone.png, docs/home-desktop.png).
for (const [name, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 900 }],
] as const) {
  test(`home on a ${name}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Featured series' })).toBeVisible();
    await page.screenshot({ path: path.join(DOCS, `home-${name}.png`), fullPage: true });
  });
}
