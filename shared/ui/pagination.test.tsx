import { render, screen, within } from '@testing-library/react';
import { Link, MemoryRouter } from 'react-router';
import { Pagination, pageWindow } from './pagination';

describe('pageWindow', () => {
  it.each([
    [1, 1, [1]],
    [1, 2, [1, 2]],
    [2, 3, [1, 2, 3]],
    [1, 12, [1, 2, null, 12]],
    [12, 12, [1, null, 11, 12]],
    [6, 12, [1, null, 5, 6, 7, null, 12]],
    [3, 12, [1, 2, 3, 4, null, 12]],
    [10, 12, [1, null, 9, 10, 11, 12]],
  ])(
    'shows page %i of %i as %j: first, last and the neighbours, gaps as null',
    (page, pageCount, expected) => {
      expect(pageWindow(page, pageCount)).toEqual(expected);
    },
  );

  it.each([
    [4, 12, [1, 2, 3, 4, 5, null, 12]],
    [9, 12, [1, null, 8, 9, 10, 11, 12]],
    [3, 5, [1, 2, 3, 4, 5]],
  ])('fills a gap of one page with the page itself (page %i of %i)', (page, pageCount, expected) => {
    expect(pageWindow(page, pageCount)).toEqual(expected);
  });

  it('takes a wider neighbourhood', () => {
    expect(pageWindow(6, 12, 2)).toEqual([1, null, 4, 5, 6, 7, 8, null, 12]);
  });
});

function renderPagination(page: number, pageCount: number): ReturnType<typeof render> {
  return render(
    <MemoryRouter>
      <Pagination
        page={page}
        pageCount={pageCount}
        hrefFor={(target) => `/gallery?page=${target}`}
        Link={Link}
        label="Gallery pages"
      />
    </MemoryRouter>,
  );
}

function pageLinks(): Array<[string | null, string | null]> {
  return within(screen.getByRole('navigation', { name: 'Gallery pages' }))
    .getAllByRole('link', { name: /^Page \d+$/ })
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('Pagination', () => {
  it.each([1, 0])('renders nothing for %i page(s)', (pageCount) => {
    const { container } = renderPagination(1, pageCount);
    expect(container).toBeEmptyDOMElement();
  });

  it('links each shown page with the URL hrefFor gives, and a gap for the rest', () => {
    renderPagination(6, 12);
    expect(pageLinks()).toEqual([
      ['1', '/gallery?page=1'],
      ['5', '/gallery?page=5'],
      ['6', '/gallery?page=6'],
      ['7', '/gallery?page=7'],
      ['12', '/gallery?page=12'],
    ]);
    expect(screen.getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/gallery?page=5');
    expect(screen.getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/gallery?page=7');
  });

  it('marks the current page, and only it', () => {
    renderPagination(6, 12);
    expect(screen.getByRole('link', { name: 'Page 6' })).toHaveAttribute('aria-current', 'page');
    for (const name of ['Page 1', 'Page 5', 'Page 7', 'Page 12'])
      expect(screen.getByRole('link', { name })).not.toHaveAttribute('aria-current');
  });

  it('has no previous link on the first page', () => {
    renderPagination(1, 12);
    expect(screen.queryByRole('link', { name: 'Previous page' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/gallery?page=2');
    expect(screen.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  });

  it('has no next link on the last page', () => {
    renderPagination(12, 12);
    expect(screen.queryByRole('link', { name: 'Next page' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/gallery?page=11');
    expect(screen.getByRole('link', { name: 'Page 12' })).toHaveAttribute('aria-current', 'page');
  });

  it('treats a page past the end as the last page', () => {
    renderPagination(40, 5);
    expect(screen.getByRole('link', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('link', { name: 'Next page' })).not.toBeInTheDocument();
  });
});
