import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { PagDemoPage } from './pag-demo-page';

function renderDemo(url: string): ReturnType<typeof createMemoryRouter> {
  const router = createMemoryRouter([{ path: '/pag-demo', element: <PagDemoPage /> }], {
    initialEntries: [url],
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('the pagination demo', () => {
  it('shows the page the URL asks for', () => {
    renderDemo('/pag-demo?page=3');
    expect(screen.getByText(/^Page 3 of 12\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/pag-demo?page=4');
  });

  it('shows the last page', () => {
    renderDemo('/pag-demo?page=12');
    expect(screen.getByText(/^Page 12 of 12\./)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Next page' })).not.toBeInTheDocument();
  });

  it.each([
    '/pag-demo',
    '/pag-demo?page=',
    '/pag-demo?page=abc',
    '/pag-demo?page=0',
    '/pag-demo?page=-2',
    '/pag-demo?page=13',
    '/pag-demo?page=2.5',
  ])('shows page 1 for %s', (url) => {
    renderDemo(url);
    expect(screen.getByText(/^Page 1 of 12\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  });

  it('moves to the page a link names', async () => {
    const router = renderDemo('/pag-demo?page=3');
    await userEvent.click(screen.getByRole('link', { name: 'Next page' }));
    expect(router.state.location.search).toBe('?page=4');
    expect(screen.getByText(/^Page 4 of 12\./)).toBeInTheDocument();
  });
});
