import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { runtimeConfig } from '@arttoy/shared/config';
import { LoadError, previewRequested, useContentDocument } from '@arttoy/shared/content';
import { useReportNotFound } from '@arttoy/shared/federation/remote';
import { Skeleton } from '@arttoy/shared/ui';
import { DocumentLayout } from '../components/document-layout';
import { RULES_PAGES } from '../rules-pages';
import '../rules.css';

/** Cards to the customer service center and every other rules page. */
function HelpCards(): ReactNode {
  const { phone, email } = runtimeConfig().contact;
  return (
    <section className="help-cards" aria-labelledby="help-cards-heading">
      <h2 id="help-cards-heading">Find an answer</h2>
      <ul className="content-grid">
        {RULES_PAGES.map((page) => (
          <li key={page.id} className="content-card help-card" data-page={page.id}>
            <h3>
              <Link className="content-card__link" to={page.path}>
                {page.label}
              </Link>
            </h3>
            <p>{page.summary}</p>
            {page.id === 'rules-customer_service_center' ? (
              <p className="help-card__contact">
                {phone} · {email}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /help, the Help Center: its own document, then cards to the customer service center and the rules pages. */
export function HelpPage(): ReactNode {
  const { search } = useLocation();
  const preview = previewRequested(search);
  const state = useContentDocument('/help', preview);
  useReportNotFound(state.notFound);
  return (
    <div
      className="rules-page help-page"
      data-route="help"
      data-owner="mf_rules"
      aria-busy={state.status === 'pending'}
    >
      {state.status === 'pending' ? <Skeleton lines={6} label="Loading the Help Center" /> : null}
      {state.status === 'error' && !state.notFound ? (
        <LoadError what="The Help Center" onRetry={state.retry} />
      ) : null}
      {state.status === 'success' ? <DocumentLayout document={state.data.document} /> : null}
      {/* The ways to help stay useful even when the document cannot load; not under the loading
          skeleton, where the document would push them down the screen. */}
      {state.status === 'pending' ? null : <HelpCards />}
    </div>
  );
}
