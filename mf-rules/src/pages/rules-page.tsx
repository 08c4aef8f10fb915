import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { LoadError, previewRequested, useContentDocument } from '@arttoy/shared/content';
import { useReportNotFound } from '@arttoy/shared/federation/remote';
import { Skeleton } from '@arttoy/shared/ui';
import { ContactCard } from '../components/contact-card';
import { DocumentLayout } from '../components/document-layout';
import { RulesNav } from '../components/rules-nav';
import type { RulesPageInfo } from '../rules-pages';
import '../rules.css';

/** One of the five rules pages: its document, with a table of contents and the last-updated date. */
export function RulesPage({ page }: { page: RulesPageInfo }): ReactNode {
  const { search } = useLocation();
  const preview = previewRequested(search);
  const state = useContentDocument(page.path, preview);
  useReportNotFound(state.notFound);
  return (
    <div
      className="rules-page"
      data-route={page.id}
      data-owner="mf_rules"
      aria-busy={state.status === 'pending'}
    >
      {state.status === 'pending' ? (
        <Skeleton lines={8} label={`Loading ${page.label.toLowerCase()}`} />
      ) : null}
      {state.status === 'error' && !state.notFound ? (
        <LoadError what={`The ${page.label.toLowerCase()} page`} onRetry={state.retry} />
      ) : null}
      {state.status === 'success' ? (
        <DocumentLayout document={state.data.document}>
          {page.id === 'rules-customer_service_center' ? <ContactCard /> : null}
        </DocumentLayout>
      ) : null}
      {/* Not under the loading skeleton: the document would push it down the screen (a layout shift of 0.36). */}
      {state.status === 'pending' ? null : <RulesNav />}
    </div>
  );
}
