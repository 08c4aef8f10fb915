/** `2025-03-01` → `March 1, 2025`: the site's one date format, under the name the rules pages import. */
export { formatDate as formatContentDate } from '../contracts/format';

/** `4` → `4 min read`. */
export function formatReadingTime(minutes: number): string {
  return `${minutes} min read`;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe to place inside HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}
