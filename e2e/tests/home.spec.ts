import { expect, test } from '../fixtures/site';

interface BoxAnswer {
  id: number;
  name: string;
  price: { amountMinor: number; currency: string };
  stock: number;
}

test.describe('home', () => {
  test("every link in the page opens a page that exists, and every price shown is the API's", async ({
    page,
    request,
  }) => {
    await page.goto('/');
    const main = page.locator('main');
    await expect(main.getByRole('region', { name: 'Boxes on sale' }).getByRole('link').first()).toBeVisible();

    const hrefs = [
      ...new Set(
        await main
          .getByRole('link')
          .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? '')),
      ),
    ];
    expect(hrefs.length).toBeGreaterThanOrEqual(6);
    for (const href of hrefs) {
      expect((await request.get(href)).status(), href).toBe(200);
    }

    const cards = main.getByRole('region', { name: 'Boxes on sale' }).getByRole('listitem');
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    for (let index = 0; index < count; index += 1) {
      const card = cards.nth(index);
      const title = card.getByRole('heading').getByRole('link');
      const id = Number((await title.getAttribute('href'))?.split('/').pop());
      const box = (await (await request.get(`/api/box-models/${id}`)).json()) as BoxAnswer;
      await expect(title).toHaveText(box.name);
      await expect(card.locator('.card__price')).toHaveAttribute('data-price', String(box.price.amountMinor));
      const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: box.price.currency });
      const shown = format.format(
        box.price.amountMinor / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2),
      );
      await expect(card.locator('.card__price')).toHaveText(shown);
    }
    // What is left, as the API says: other tests buy boxes meanwhile, so the page is read again until
    // a served page and the API's answer after it agree.
    await expect(async () => {
      await page.reload();
      const shown = await cards.evaluateAll((items) =>
        items.map((item) => ({
          id: Number(item.querySelector('h2 a, h3 a')?.getAttribute('href')?.split('/').pop()),
          text: item.textContent ?? '',
        })),
      );
      for (const { id, text } of shown) {
        const box = (await (await request.get(`/api/box-models/${id}`)).json()) as BoxAnswer;
        expect(text).toContain(box.stock > 0 ? `${box.stock.toLocaleString('en-US')} left` : 'Sold out');
      }
    }).toPass({ timeout: 30_000 });
  });

  test('the live sections arrive with the document, and a client navigation back to home reads them in its one payload', async ({
    page,
  }) => {
    const reads: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (
        /^\/api\/(series|box-models|content\/documents)$/.test(url.pathname) ||
        url.pathname.endsWith('/_payload.json')
      )
        reads.push(`${url.pathname}${url.search}`);
    });
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Boxes on sale' }).getByRole('link').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(reads).toEqual([]);
    // A page of the shell that reads none of these, then home by the header's brand link.
    await page.goto('/pag-demo');
    await expect(page.locator('main h1')).toHaveText('Pagination');
    await page.waitForLoadState('networkidle');
    reads.length = 0;
    await page.getByRole('banner').getByRole('link', { name: 'ArtToy Club' }).click();
    await expect(
      page.getByRole('region', { name: 'Featured series' }).getByRole('link').first(),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'From the blog' }).getByRole('link').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Boxes on sale' }).getByRole('link').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(reads).toEqual(['/_payload.json']);
  });
});
