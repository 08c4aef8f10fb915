import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetRuntimeConfig } from '@arttoy/shared/config';
import { DEFAULT_RUNTIME_CONFIG, RUNTIME_CONFIG_ELEMENT_ID } from '@arttoy/shared/contracts';
import { documentAt, documentResponse, requestCalls } from '@arttoy/shared/content/testing';
import { HttpError, request } from '@arttoy/shared/http';
import { mountRemote } from '@arttoy/shared/testing';
import * as app from '../app';
import { RULES_PAGES } from '../rules-pages';

jest.mock('@arttoy/shared/http', () => ({
  ...jest.requireActual('@arttoy/shared/http'),
  request: jest.fn(),
}));
const requestMock = jest.mocked(request);

const TOC = [
  { id: 'what-we-check', depth: 2 as const, text: 'What we check' },
  { id: 'records', depth: 3 as const, text: 'Records' },
];

function serveDocuments(fields: Partial<ReturnType<typeof documentAt>> = {}): void {
  requestMock.mockImplementation(async (_url, options) => {
    const path = String((options?.query ?? {}).path);
    return documentResponse(
      documentAt(path, {
        title: `Title of ${path}`,
        updated: '2025-05-20',
        toc: TOC,
        html: '<h2 id="what-we-check">What we check</h2><h3 id="records">Records</h3><p>Call {{contact.phone}} or write to <a href="mailto:{{contact.email}}">{{contact.email}}</a>.</p>',
        ...fields,
      }),
    );
  });
}

function setContact(phone: string, email: string): void {
  document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.remove();
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = RUNTIME_CONFIG_ELEMENT_ID;
  element.textContent = JSON.stringify({ ...DEFAULT_RUNTIME_CONFIG, contact: { phone, email } });
  document.head.append(element);
  resetRuntimeConfig();
}

beforeEach(() => {
  requestMock.mockReset();
  setContact('+44 20 7946 0958', 'help@example.test');
});

describe('the rules pages', () => {
  it.each(RULES_PAGES.map((page) => [page.path, page]))(
    '%s shows its document with a table of contents and the last-updated date',
    async (path, page) => {
      serveDocuments();
      mountRemote({ name: 'mf_rules', app, path });
      const heading = await screen.findByRole('heading', { level: 1, name: `Title of ${path}` });
      expect(heading.closest('[data-owner="mf_rules"]')).toHaveAttribute('data-route', page.id);
      expect(screen.getByText('Last updated')).toHaveTextContent('Last updated May 20, 2025');
      expect(screen.getByText('May 20, 2025')).toHaveAttribute('datetime', '2025-05-20');
      const tocs = screen.getAllByRole('navigation', { name: 'On this page' });
      for (const toc of tocs) {
        expect(
          within(toc)
            .getAllByRole('link')
            .map((link) => [link.textContent, link.getAttribute('href')]),
        ).toEqual([
          ['What we check', '#what-we-check'],
          ['Records', '#records'],
        ]);
      }
      expect(requestCalls(requestMock)).toEqual([
        { url: '/api/content/document', query: { path, locale: 'en', preview: undefined } },
      ]);
      const nav = screen.getByRole('navigation', { name: 'Help and rules' });
      expect(within(nav).getByRole('link', { name: page.label })).toHaveAttribute('aria-current', 'page');
    },
  );

  it('shows the links to the other pages only once the document is there, so the document never pushes them down', async () => {
    let answer: () => void = () => {};
    requestMock.mockImplementation(
      (_url, options) =>
        new Promise((resolve) => {
          answer = () =>
            resolve(
              documentResponse(
                documentAt(String((options?.query ?? {}).path), { title: 'Authenticity guarantee' }),
              ),
            );
        }),
    );
    mountRemote({ name: 'mf_rules', app, path: '/rules/authenticity' });
    expect(await screen.findByRole('status', { name: 'Loading authenticity' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Help and rules' })).toBeNull();
    answer();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Authenticity guarantee' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Help and rules' })).toBeInTheDocument();
  });

  it('fills the contact details of this deployment into the text, escaped', async () => {
    setContact('+1 (555) 010-0199', 'care+<b>@example.test');
    serveDocuments();
    mountRemote({ name: 'mf_rules', app, path: '/rules/shipping_and_refund' });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText(/Call \+1 \(555\) 010-0199 or write to/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'care+<b>@example.test' })).toHaveAttribute(
      'href',
      'mailto:care+<b>@example.test',
    );
    expect(document.querySelector('.content-prose b')).toBeNull();
  });

  it('shows the ship-out fee table from the shared table where the document names it, in a focusable scrolling region', async () => {
    serveDocuments({
      html: '<h2 id="fees">Fees and times</h2><p>{{fees.ship-out}}</p><p>Ship requests are packed within two working days.</p>',
    });
    mountRemote({ name: 'mf_rules', app, path: '/rules/shipping_and_refund' });
    const region = await screen.findByRole('region', { name: 'Shipping fees by destination' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toHaveAccessibleDescription('Scroll the table sideways to see every column.');
    const rows = within(region)
      .getAllByRole('row')
      .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Destination', 'Fee (up to 6 figures)', 'Each extra figure', 'Typical delivery'],
      ['United States', '$5.99', '$0.50', '3-6 working days'],
      ['Canada and Mexico', '$12.99', '$1.00', '6-10 working days'],
      ['United Kingdom and EU', '$14.99', '$1.00', '6-12 working days'],
      ['Rest of world', '$19.99', '$1.50', '8-20 working days'],
    ]);
    // In the document's place for it: after its heading, before the text that follows.
    const heading = screen.getByRole('heading', { level: 2, name: 'Fees and times' });
    expect(heading.compareDocumentPosition(region) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      region.compareDocumentPosition(screen.getByText('Ship requests are packed within two working days.')) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(screen.queryByText(/\{\{/)).toBeNull();
  });

  it('shows the contact phone and e-mail on the customer service center', async () => {
    serveDocuments();
    mountRemote({ name: 'mf_rules', app, path: '/rules/customer_service_center' });
    const contact = await screen.findByRole('region', { name: 'Contact us' });
    expect(within(contact).getByRole('link', { name: '+44 20 7946 0958' })).toHaveAttribute(
      'href',
      'tel:+442079460958',
    );
    expect(within(contact).getByRole('link', { name: 'help@example.test' })).toHaveAttribute(
      'href',
      'mailto:help@example.test',
    );
  });

  it('hands a missing document to the shell as a 404', async () => {
    requestMock.mockRejectedValue(new HttpError('No document.', 404, '/api/content/document', 'not_found'));
    mountRemote({ name: 'mf_rules', app, path: '/rules/authenticity' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'mf_rules failed: Page not found: /rules/authenticity',
    );
  });

  it('treats an HTML page in place of the document as Not found', async () => {
    requestMock.mockResolvedValue('  <html lang="en"><body>Gateway timeout</body></html>');
    mountRemote({ name: 'mf_rules', app, path: '/rules/privacy_policy' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'mf_rules failed: Page not found: /rules/privacy_policy',
    );
  });

  it('shows an error with a retry when the document cannot load', async () => {
    requestMock.mockRejectedValueOnce(
      new HttpError('Could not reach the server', 0, '/api/content/document'),
    );
    mountRemote({ name: 'mf_rules', app, path: '/rules/terms_of_service' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The terms of service page could not load.');
    serveDocuments();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Title of /rules/terms_of_service' }),
    ).toBeInTheDocument();
  });

  it('asks for drafts in preview mode and says when one is shown', async () => {
    serveDocuments({ draft: true });
    mountRemote({ name: 'mf_rules', app, path: '/rules/authenticity?preview=true' });
    expect(await screen.findByText(/drafts are shown/)).toBeInTheDocument();
    expect(requestCalls(requestMock)[0]?.query).toMatchObject({ preview: 'true' });
  });

  it('moves between rules pages, loading each document', async () => {
    serveDocuments();
    const { router } = mountRemote({ name: 'mf_rules', app, path: '/rules/authenticity' });
    await screen.findByRole('heading', { level: 1, name: 'Title of /rules/authenticity' });
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Help and rules' })).getByRole('link', {
        name: 'Privacy policy',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/rules/privacy_policy'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Title of /rules/privacy_policy' }),
    ).toBeInTheDocument();
  });
});
