/** @jest-environment node */
import { renderToString } from 'react-dom/server';
import { PageDataProvider } from '@arttoy/shared/federation/page-data';
import { apiRead, usePageQuery } from './index';
import * as z from 'zod';

const read = apiRead('/series/cloud-bakery', z.object({ name: z.string() }));

function SeriesName() {
  const state = usePageQuery(read);
  return <h1>{state.status === 'success' ? state.data.name : state.status}</h1>;
}

describe('usePageQuery during a server render', () => {
  it("renders each request's own answer, never another request's", () => {
    const first = renderToString(
      <PageDataProvider data={{ '/api/series/cloud-bakery': { name: 'Cloud Bakery' } }}>
        <SeriesName />
      </PageDataProvider>,
    );
    const second = renderToString(
      <PageDataProvider data={{ '/api/series/cloud-bakery': { name: 'Cloud Bakery, renamed' } }}>
        <SeriesName />
      </PageDataProvider>,
    );
    const none = renderToString(
      <PageDataProvider data={{}}>
        <SeriesName />
      </PageDataProvider>,
    );
    expect(first).toContain('Cloud Bakery<');
    expect(second).toContain('Cloud Bakery, renamed');
    expect(none).toContain('pending');
  });

  it('asks the renderer for a read it was not given', () => {
    const wanted = new Set<string>();
    renderToString(
      <PageDataProvider data={{}} wanted={wanted}>
        <SeriesName />
      </PageDataProvider>,
    );
    expect([...wanted]).toEqual(['/api/series/cloud-bakery']);
  });

  it('renders an answer that fails the schema as not given', () => {
    const html = renderToString(
      <PageDataProvider data={{ '/api/series/cloud-bakery': { title: 'wrong shape' } }}>
        <SeriesName />
      </PageDataProvider>,
    );
    expect(html).toContain('pending');
  });
});
