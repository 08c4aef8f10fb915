import type { Page } from '@playwright/test';
import { SITE_ROUTES, sampleHref } from '@arttoy/shared/contracts';
import { boxOnSale } from '../fixtures/catalogue';
import { buyBox, newIdentity, payWithSandbox, signInTo } from '../fixtures/purchase';
import { expect, test, waitForEmulator } from '../fixtures/sign-in';
import { waitForLive } from '../fixtures/site';

// Every page fits a phone: at 390 px wide nothing makes the document scroll sideways (a long order
// number, hash, seed, e-mail or URL wraps; a wide table scrolls inside a region of its own).
test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  test.setTimeout(200_000);
  await waitForEmulator();
});

/** Pages that show skeletons on purpose, whatever their data. */
const SKELETONS_ARE_CONTENT = new Set(['/skeleton-demo']);

/** Waits for the page's main content: its heading, no skeleton, nothing busy. */
async function waitForContent(page: Page, path: string): Promise<void> {
  await waitForLive(page);
  await page.waitForFunction(
    (skeletonsAreContent) =>
      document.querySelector('#root[data-shell-ready] h1') !== null &&
      (skeletonsAreContent || document.querySelector('#root .ui-skeleton') === null) &&
      document.querySelector('#root [aria-busy="true"]') === null,
    SKELETONS_ARE_CONTENT.has(path),
  );
}

interface Overflow {
  path: string;
  scrollWidth: number;
  clientWidth: number;
  /** The offending element that reaches furthest right, none of whose children overflow. */
  widest: string;
}

/** The document's sideways overflow, with the element that causes it; null when it fits. */
async function overflowOf(page: Page, path: string): Promise<Overflow | null> {
  const found = await page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return null;
    const limit = root.clientWidth + 0.5;
    /** An ancestor that clips or scrolls sideways keeps its content out of the document's width. */
    const contained = (element: Element) => {
      for (
        let parent = element.parentElement;
        parent && parent !== document.body;
        parent = parent.parentElement
      ) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    const offenders = Array.from(document.body.querySelectorAll('*')).filter(
      (element) => element.getBoundingClientRect().right > limit && !contained(element),
    );
    const leaves = offenders.filter(
      (element) => !offenders.some((other) => other !== element && element.contains(other)),
    );
    const widest = leaves.toSorted(
      (a, b) => b.getBoundingClientRect().right - a.getBoundingClientRect().right,
    )[0];
    const selectorOf = (element: Element | undefined): string => {
      const parts: string[] = [];
      for (
        let node = element;
        node && node !== document.body && parts.length < 4;
        node = node.parentElement ?? undefined
      ) {
        const classes = Array.from(node.classList)
          .map((name) => `.${name}`)
          .join('');
        parts.unshift(`${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${classes}`);
      }
      const right = element ? Math.round(element.getBoundingClientRect().right) : 0;
      return `${parts.join(' > ')} (right edge ${right}px)`;
    };
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, widest: selectorOf(widest) };
  });
  return found && { path, ...found };
}

/** Visits each path and lists the pages wider than the screen. */
async function overflowingPages(page: Page, paths: readonly string[]): Promise<Overflow[]> {
  const found: Overflow[] = [];
  for (const path of paths) {
    await page.goto(path);
    await waitForContent(page, path);
    const overflow = await overflowOf(page, path);
    if (overflow) found.push(overflow);
  }
  return found;
}

test('signed out, every route of the route table fits a 390 px screen', async ({ page }) => {
  test.setTimeout(180_000);
  const box = await boxOnSale(page);
  /** Routes whose sample is no real page: a real one from the catalogue and the content. */
  const real: Readonly<Record<string, string>> = {
    'blog-id': '/blog/how-our-draws-are-fair',
    'mysterybox-model_id': `/mysterybox/${box.id}`,
    slug: '/about',
  };
  const paths = [
    ...SITE_ROUTES.map((route) => real[route.id] ?? sampleHref(route)),
    // The error page: a path no route matches.
    '/no/such/page',
  ];
  expect(await overflowingPages(page, paths)).toEqual([]);
});

test('signed in, the locker, the orders, each kind of receipt, the payment and the profile fit a 390 px screen', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInTo(page, '/locker', newIdentity('phone'));
  // A box order, paid with the sandbox: its figure in the locker.
  const { figure, payPage } = await buyBox(page, (await boxOnSale(page)).id);

  // A ship-out of it: its fee paid the same way.
  await page.goto('/locker');
  const item = page
    .getByRole('list', { name: 'Your figures' })
    .getByRole('listitem')
    .filter({ hasText: figure });
  await item.getByRole('checkbox', { name: `${figure}: Choose for shipping` }).check();
  await page.getByRole('button', { name: 'Ship out' }).click();
  const form = page.getByRole('form', { name: 'Ship out 1 figure' });
  await form.getByLabel('Full name').fill('QA Phone');
  await form.getByLabel('Street and number').fill('12 Market Street');
  await form.getByLabel('City').fill('London');
  await form.getByLabel('Postal code').fill('N1 9GU');
  await form.getByLabel('Country').selectOption({ label: 'United Kingdom' });
  await form.getByLabel('Phone').fill('+44 20 7946 0000');
  await expect(form.getByTestId('ship-out-quote')).toContainText('$14.99');
  await form.getByRole('button', { name: 'Ship out' }).click();
  await payWithSandbox(page);
  await expect(page.getByText('Your ship-out of 1 figure to London is requested')).toBeVisible();

  // Both receipts, from the orders list.
  await page.goto('/orders');
  const receipts = page.getByRole('main').getByRole('link', { name: /^Order AT[0-9A-Z]{16}$/ });
  await expect(receipts).toHaveCount(2);
  const receiptPaths = await receipts.evaluateAll((links) =>
    links.map((link) => new URL((link as HTMLAnchorElement).href).pathname),
  );
  // The draw's proof, with its seeds and hash.
  const proof = await page
    .getByRole('link', { name: /^Draw proof/ })
    .first()
    .getAttribute('href');
  expect(proof).toMatch(/^\/mysterybox\/test\?draw=\d+$/);

  const paths = ['/locker', '/orders', ...receiptPaths, payPage, '/profile', proof ?? ''];
  expect(await overflowingPages(page, paths)).toEqual([]);
});
