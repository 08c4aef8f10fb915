/**
 * Everything the content routes share, set up once when the API starts: the compiled documents
 * (from api/.content, or compiled now when that is missing or stale), the preview tokens, and the
 * documents' part of the search index.
 */
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_RUNTIME_CONFIG, type RuntimeConfig } from '@arttoy/shared/contracts';
import {
  SHIP_OUT_FEE_TABLE_PLACEHOLDER,
  shipOutFeeText,
  type SearchEntry,
} from '@arttoy/shared/contracts/api';
import { type ContentPaths, documentSearchEntries, loadContent, resolveContentPaths } from './build';
import { ContentStore } from './content-store';
import { resolvePreviewTokens } from './preview-tokens';
import { apiEnvironment, type Environment } from '../config';

export interface ContentOptions extends Partial<ContentPaths> {
  /** Tokens that unlock drafts. Default PREVIEW_TOKENS (comma-separated); `local-preview` outside production. */
  previewTokens?: string[];
  /** Contact details for the search text of pages that name them. Default CONTACT_PHONE / CONTACT_EMAIL. */
  contact?: RuntimeConfig['contact'];
}

export interface SiteContent {
  /** The Markdown sources' folder (cover images are read from its assets/). */
  contentDir: string;
  store: ContentStore;
  previewTokens: readonly string[];
  /** Published documents as search entries, contact placeholders filled in, covers as their pictures. */
  searchEntries: readonly SearchEntry[];
}

/**
 * Pages name the contact details as `{{contact.phone}}`, `{{contact.email}}` and
 * `{{contact.phoneHref}}`; the page fills them into the HTML from the runtime config, and the
 * search text gets the same values here, so a search for the e-mail address finds the page.
 */
export function fillContactText(text: string, contact: RuntimeConfig['contact']): string {
  const values: Record<string, string> = {
    phone: contact.phone,
    phoneHref: contact.phone.replace(/[^+\d]/g, ''),
    email: contact.email,
  };
  return text.replace(
    /\{\{\s*contact\.(phone|phoneHref|email)\s*\}\}/g,
    (_match, name: string) => values[name] ?? '',
  );
}

/** The shipping page shows the fee table where it says `{{fees.ship-out}}`; search reads the table as text there. */
export const fillFeeText = (text: string): string =>
  text.replaceAll(SHIP_OUT_FEE_TABLE_PLACEHOLDER, shipOutFeeText());

/** `assetUrl(prefix)`: the URL a cover is served at under the API's prefix; the hash makes it immutable. */
export const coverUrl = (prefix: string) => (name: string, hash: string) =>
  `${prefix}/content/assets/${encodeURIComponent(name)}?v=${hash}`;

export function loadSiteContent(
  options: ContentOptions = {},
  prefix: string,
  log: FastifyBaseLogger,
  env: Environment = apiEnvironment(),
): SiteContent {
  const paths = resolveContentPaths(options, env);
  const { build, origin } = loadContent(paths, (message) => log.warn(message));
  log.info({ documents: build.documents.length, origin, contentDir: paths.contentDir }, 'content loaded');
  const contact = options.contact ?? {
    phone: env.CONTACT_PHONE?.trim() || DEFAULT_RUNTIME_CONFIG.contact.phone,
    email: env.CONTACT_EMAIL?.trim() || DEFAULT_RUNTIME_CONFIG.contact.email,
  };
  const store = new ContentStore(build, coverUrl(prefix));
  return {
    contentDir: paths.contentDir,
    store,
    previewTokens: resolvePreviewTokens(options.previewTokens, env),
    searchEntries: documentSearchEntries(build, (document) => store.coverOf(document)).map((entry) => ({
      ...entry,
      text: fillFeeText(fillContactText(entry.text, contact)),
    })),
  };
}
