/**
 * Preview mode: a page URL with `?preview=true` asks the API for drafts. The API shows them only
 * to a browser holding a valid `previewToken` cookie (HttpOnly, set by the API itself), so the page
 * never sees the token: it only passes the flag on.
 */
export function previewRequested(search: string): boolean {
  return new URLSearchParams(search).get('preview') === 'true';
}
