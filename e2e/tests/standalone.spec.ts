import { routesOf } from '@arttoy/shared/contracts';
import { STANDALONE_PORTS } from '../playwright.config';
import { expect, test } from '../fixtures/site';

/** Routes with no page of their own: the route their remote sends them to (`/blog` → `/blog/list`). */
const REDIRECTS: Readonly<Record<string, string>> = { blog: 'blog-list' };

for (const [name, port] of Object.entries(STANDALONE_PORTS) as Array<
  [keyof typeof STANDALONE_PORTS, number]
>) {
  test(`${name} runs alone in its QA harness`, async ({ page }) => {
    const [first, second] = routesOf(name);
    await page.goto(`http://localhost:${port}/`);
    await expect(page.getByRole('banner')).toContainText(name);
    await expect(
      page.locator(`[data-owner="${name}"][data-route="${REDIRECTS[first!.id] ?? first!.id}"]`),
    ).toBeVisible();

    await page
      .getByRole('navigation', { name: 'Routes of this remote' })
      .getByRole('link', { name: second!.id, exact: true })
      .click();
    await expect(page.locator(`[data-owner="${name}"][data-route="${second!.id}"]`)).toBeVisible();
  });
}
