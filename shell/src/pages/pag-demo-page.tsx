import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { usePageHead } from '@arttoy/shared/federation/page-data';
import { Pagination } from '@arttoy/shared/ui';

const PAGE_COUNT = 12;

/** The shared Pagination component, driven by `?page=` in the URL (as the gallery and blog use it). */
export function PagDemoPage(): ReactNode {
  const [params] = useSearchParams();
  const requested = Number(params.get('page') ?? '1');
  const page = Number.isInteger(requested) && requested >= 1 && requested <= PAGE_COUNT ? requested : 1;
  usePageHead({ title: 'Pagination' });
  return (
    <article className="demo" data-route="pag-demo" data-owner="shell">
      <h1>Pagination</h1>
      <p>
        Page {page} of {PAGE_COUNT}. Each page is a link, so every page can be shared and opened directly.
      </p>
      <Pagination
        page={page}
        pageCount={PAGE_COUNT}
        hrefFor={(target) => `/pag-demo?page=${target}`}
        Link={Link}
      />
    </article>
  );
}
