import { MAX_FIELD_MESSAGE } from '@arttoy/shared/contracts';

/**
 * An error's message as the field report may carry it: one line, cut to MAX_FIELD_MESSAGE, with
 * what could identify a visitor or leak a secret taken out. URLs keep their origin and path (which
 * file failed is the point) but lose their query and fragment (tokens, e-mails, search terms live
 * there); e-mail addresses, long numbers (orders, phones, cards) and long opaque strings (tokens,
 * keys) are replaced by what they were.
 */
export function cleanMessage(message: string): string {
  const cleaned = message
    .replace(/\b(https?:\/\/[^\s?#"'<>]*)[?#][^\s"'<>)\]]*/gi, '$1')
    .replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, '<email>')
    .replace(/\b[A-Za-z0-9_-]{32,}\b|\b[A-Za-z0-9+/]{32,}={0,2}/g, '<token>')
    .replace(/\d[\d -]{4,}\d/g, '<number>')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned.length <= MAX_FIELD_MESSAGE ? cleaned : `${cleaned.slice(0, MAX_FIELD_MESSAGE - 1)}…`;
}
