import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { PreviewNotice } from './preview-notice';

function channelMeta(content: string | null): void {
  document.head.querySelector('meta[name="build-channel"]')?.remove();
  if (content === null) return;
  const meta = document.createElement('meta');
  meta.name = 'build-channel';
  meta.content = content;
  document.head.append(meta);
}
afterEach(() => channelMeta(null));

function router(path: string) {
  return createMemoryRouter([{ path: '*', element: <PreviewNotice /> }], { initialEntries: [path] });
}

describe('PreviewNotice', () => {
  it('says a preview page is not what everyone sees, with a way back to production on the same page', async () => {
    channelMeta('preview');
    const pages = router('/gallery/series/cloud-bakery?page=2');
    render(<RouterProvider router={pages} />);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'You are seeing a preview of the next version of ArtToy Club; other visitors see the current one.',
    );
    expect(screen.getByRole('link', { name: 'Exit preview' })).toHaveAttribute(
      'href',
      '/_preview/exit?path=%2Fgallery%2Fseries%2Fcloud-bakery%3Fpage%3D2',
    );
    await act(() => pages.navigate('/blog'));
    expect(screen.getByRole('link', { name: 'Exit preview' })).toHaveAttribute(
      'href',
      '/_preview/exit?path=%2Fblog',
    );
  });

  it.each([['stable'], ['canary'], [null]])('says nothing on a page of channel %s', (channel) => {
    channelMeta(channel);
    render(<RouterProvider router={router('/')} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('renders nothing on the server, so hydration matches whatever the channel', () => {
    channelMeta('preview');
    expect(renderToString(<RouterProvider router={router('/')} />)).not.toContain('preview');
  });
});
