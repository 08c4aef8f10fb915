import { expectNoSeriousViolations } from '../fixtures/axe';
import { expect, test } from '../fixtures/site';

/** The local preview token: the API accepts it outside production when PREVIEW_TOKENS is unset. */
const LOCAL_PREVIEW_TOKEN = 'local-preview';
const DRAFT_PATH = '/blog/skate-spirits-second-wave';
const DRAFT_TITLE = 'Coming soon: Skate Spirits, second wave';
const FAIR_DRAWS_TITLE = 'How our draws are fair, and how to check one yourself';

const RULES_PAGES = [
  { path: '/rules/authenticity', title: 'Authenticity guarantee' },
  { path: '/rules/privacy_policy', title: 'Privacy policy' },
  { path: '/rules/terms_of_service', title: 'Terms of service' },
  { path: '/rules/shipping_and_refund', title: 'Shipping and refund policy' },
  { path: '/rules/customer_service_center', title: 'Customer Service Center' },
];

test.describe('the search overlay', () => {
  test('loads the search library and its data only when opened', async ({ page }) => {
    const scripts: string[] = [];
    const searchData: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
      if (new URL(response.url()).pathname === '/api/search.json') searchData.push(response.url());
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const bodies = await Promise.all(scripts.map(async (url) => (await page.request.get(url)).text()));
    expect(bodies.filter((body) => body.includes('MiniSearch: duplicate ID'))).toEqual([]);
    expect(searchData).toEqual([]);

    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => searchData.length).toBe(1);
    await page.getByRole('dialog', { name: 'Search' }).getByRole('combobox').fill('moonlit');
    await expect(page.getByRole('option').first()).toBeVisible();
  });

  test('finds a post by a misspelt word and opens it with the keyboard', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Search' }).click();
    const overlay = page.getByRole('dialog', { name: 'Search' });
    const input = overlay.getByRole('combobox', { name: 'Search the blog, the help pages and the gallery' });
    await expect(input).toBeFocused();
    await input.fill('fair drawz');
    const post = overlay.getByRole('option', { name: new RegExp(FAIR_DRAWS_TITLE) });
    await expect(post).toContainText('Blog post');
    // The arrow keys walk the results; Enter opens the highlighted one.
    const options = overlay.getByRole('option');
    const position = (await options.allTextContents()).findIndex((text) => text.includes(FAIR_DRAWS_TITLE));
    for (let step = 0; step <= position; step += 1) await page.keyboard.press('ArrowDown');
    await expect(post).toHaveAttribute('aria-selected', 'true');
    await expect(input).toHaveAttribute('aria-activedescendant', (await post.getAttribute('id'))!);
    await page.keyboard.press('Enter');
    await expect(overlay).toBeHidden();
    await expect(page).toHaveURL(/\/blog\/how-our-draws-are-fair$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(FAIR_DRAWS_TITLE);
  });

  test('finds gallery series and figures and rules pages, each labelled by kind, and opens them', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Search' }).click();
    const overlay = page.getByRole('dialog', { name: 'Search' });
    const input = overlay.getByRole('combobox');
    await input.fill('cloud bakery');
    await expect(overlay.getByRole('option', { name: /^Series\s*Cloud Bakery/ })).toBeVisible();
    await input.fill('croissant cub');
    await expect(overlay.getByRole('option').first()).toContainText('FigureCroissant Cub');
    await input.fill('privacy');
    await expect(overlay.getByRole('option').first()).toContainText('RulesPrivacy policy');
    await overlay.getByRole('option').first().click();
    await expect(page).toHaveURL(/\/rules\/privacy_policy$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy policy');

    // A figure opens its gallery page.
    await page.getByRole('button', { name: 'Search' }).click();
    await input.fill('croissant cub');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/gallery\/style\/detail\/cloud-bakery-croissant-cub$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Croissant Cub');
  });
});

test.describe('the blog', () => {
  test('lists posts with covers and opens one with its reading time and neighbours', async ({ page }) => {
    const response = await page.goto('/blog');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/blog\/list$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('The ArtToy Club blog');
    // Drafts are never listed without preview.
    await expect(page.getByRole('link', { name: DRAFT_TITLE })).toHaveCount(0);

    // The page lives in the URL.
    const firstTitle = await page
      .getByRole('main')
      .getByRole('article')
      .first()
      .getByRole('heading')
      .textContent();
    await page
      .getByRole('navigation', { name: 'Pages of posts' })
      .getByRole('link', { name: 'Page 2' })
      .click();
    await expect(page).toHaveURL(/\/blog\/list\?page=2$/);
    const card = page.getByRole('main').getByRole('article').first();
    await expect(card.getByRole('heading')).not.toHaveText(firstTitle!);
    await expect(card.locator('img')).toHaveAttribute('loading', 'lazy');
    const title = (await card.getByRole('heading').textContent())!;

    await card.getByRole('link').click();
    await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByRole('article', { name: title }).getByText(/^\d+ min read$/)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'More posts' })).toBeVisible();
  });

  test('an unknown post is the 404 page, with HTTP 404, and the blog still works after it', async ({
    page,
  }) => {
    const response = await page.goto('/blog/no-such-post');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await expect(page.getByText('Page not found: /blog/no-such-post')).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('The ArtToy Club blog');
  });

  test('a draft is shown only with a valid preview token, and says so', async ({ page }) => {
    expect((await page.goto(`${DRAFT_PATH}?preview=true`))?.status()).toBe(404);
    await expect(page.getByText(`Page not found: ${DRAFT_PATH}?preview=true`)).toBeVisible();

    // A wrong token is refused and sets nothing.
    const refused = await page.request.get(
      `/api/content/preview?token=not-a-token&redirect=${encodeURIComponent(DRAFT_PATH)}`,
      { maxRedirects: 0 },
    );
    expect(refused.status()).toBe(403);
    expect((await page.goto(`${DRAFT_PATH}?preview=true`))?.status()).toBe(404);

    // The API's preview entry sets the HttpOnly cookie and sends the browser to the page in preview.
    await page.goto(
      `/api/content/preview?token=${LOCAL_PREVIEW_TOKEN}&redirect=${encodeURIComponent(DRAFT_PATH)}`,
    );
    await expect(page).toHaveURL(new RegExp(`${DRAFT_PATH}\\?preview=true$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(DRAFT_TITLE);
    await expect(page.getByText('Preview: drafts are shown.')).toBeVisible();
    expect((await page.request.get(`${DRAFT_PATH}?preview=true`)).status()).toBe(200);

    // The same visitor without ?preview=true sees the published site only.
    expect((await page.goto(DRAFT_PATH))?.status()).toBe(404);
    await page.goto('/blog/list?preview=true');
    await expect(page.getByRole('link', { name: DRAFT_TITLE })).toBeVisible();
    await page.goto('/blog/list');
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('link', { name: DRAFT_TITLE })).toHaveCount(0);
  });
});

test.describe('rules and help pages', () => {
  for (const { path, title } of RULES_PAGES) {
    test(`${path} shows its heading, table of contents and last-updated date`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.getByText(/^Last updated \w+ \d{1,2}, \d{4}$/)).toBeVisible();
      const toc = page.getByRole('navigation', { name: 'On this page' });
      await expect(toc).toBeVisible();
      const first = toc.getByRole('link').first();
      const anchor = (await first.getAttribute('href'))!;
      await first.click();
      await expect(page).toHaveURL(new RegExp(`${anchor}$`));
      await expect(page.locator(anchor)).toBeInViewport();
    });
  }

  test('the customer service center shows the contact phone and e-mail of this deployment', async ({
    page,
  }) => {
    await page.goto('/rules/customer_service_center');
    const contact = page.getByRole('region', { name: 'Contact us' });
    await expect(contact.getByRole('link', { name: 'support@arttoy.club' })).toHaveAttribute(
      'href',
      'mailto:support@arttoy.club',
    );
    await expect(contact.getByRole('link', { name: '+1 (415) 555-0142' })).toHaveAttribute(
      'href',
      'tel:+14155550142',
    );
    await expect(page.getByRole('main')).not.toContainText('{{');
  });

  test('on a phone the table of contents is a collapsed section above the text', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/rules/terms_of_service');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of service');
    const toc = page.getByRole('group').filter({ hasText: 'On this page' });
    const summary = page.locator('summary', { hasText: 'On this page' });
    await expect(summary).toBeVisible();
    const links = page.getByRole('navigation', { name: 'On this page' }).getByRole('link');
    await expect(links.first()).toBeHidden();
    await summary.click();
    await expect(links.first()).toBeVisible();
    await expect(toc).toHaveCount(1);
    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test('on a phone the shipping fee table scrolls sideways in a focusable region, says so, and axe finds nothing serious', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/rules/shipping_and_refund');
    const region = page.getByRole('region', { name: 'Shipping fees by destination' });
    await expect(region.getByRole('row', { name: /United States/ })).toContainText('$5.99');
    await expect(region.getByRole('row', { name: /Rest of world/ })).toContainText('$19.99');
    await expect(page.getByText('Scroll the table sideways to see every column.')).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText('{{');
    // Wider than the screen inside, never the page itself; the keyboard reaches it and scrolls it.
    expect(await region.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await region.focus();
    await expect(region).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    await expectNoSeriousViolations(page);
  });

  test('on a desktop the shipping fee table fits without a scroll cue', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/rules/shipping_and_refund');
    const region = page.getByRole('region', { name: 'Shipping fees by destination' });
    await expect(region).toBeVisible();
    await expect(page.getByText('Scroll the table sideways to see every column.')).toBeHidden();
    expect(await region.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  });

  test('/help is the Help Center with cards to the customer service center and the rules pages', async ({
    page,
  }) => {
    const response = await page.goto('/help');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Help Center');
    const cards = page.getByRole('region', { name: 'Find an answer' });
    await expect(cards.getByRole('link')).toHaveText([
      'Customer service center',
      'Shipping & refund',
      'Authenticity',
      'Terms of service',
      'Privacy policy',
    ]);
    await cards.getByRole('link', { name: 'Customer service center' }).click();
    await expect(page).toHaveURL(/\/rules\/customer_service_center$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Customer Service Center');
  });
});

test.describe('catch-all content pages', () => {
  test('/about is a content page served with HTTP 200', async ({ page }) => {
    const response = await page.goto('/about');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About ArtToy Club');
    await expect(page.locator('[data-owner="shell"][data-route="slug"]')).toBeVisible();
  });

  test('a path with no document is still the 404 page with HTTP 404', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Page not found: /no-such-page')).toBeVisible();
  });
});

test.describe('accessibility of content pages', () => {
  for (const path of ['/blog/list', '/blog/how-our-draws-are-fair', '/rules/privacy_policy']) {
    test(`no serious axe violations on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expectNoSeriousViolations(page);
    });
  }
});
