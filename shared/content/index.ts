/**
 * Content pages (blog, rules, help, other site pages) for every app that shows them: the API
 * client, preview mode, and the pieces of a document page. Not a shared singleton: each app
 * bundles what it uses.
 */
import './content.css';

export { ContentBody, type ContentBodyProps } from './content-body';
export {
  contentDocumentUrl,
  contentListUrl,
  contentNotFound,
  isContentNotFound,
  fetchContentDocument,
  fetchContentList,
  isHtmlPage,
  type DocumentRequest,
  type ListRequest,
} from './content-client';
export { fillContactDetails } from './contact-details';
export { contentDocumentRead, contentListRead, prefetchContentDocument } from './content-reads';
export { escapeHtml, formatContentDate, formatReadingTime } from './format';
export { PreviewBanner } from './preview-banner';
export { previewRequested } from './preview';
export { TableOfContents } from './table-of-contents';
export { LoadError } from './load-error';
export { useContentDocument } from './use-content-document';
