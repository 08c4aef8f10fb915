import type { RuntimeConfig } from '@arttoy/shared/contracts';
import { escapeHtml } from './format';

/**
 * Documents name the contact details with placeholders, because they are set at run time
 * (CONTACT_PHONE, CONTACT_EMAIL), not when the content is built: `{{contact.phone}}`,
 * `{{contact.email}}`. `{{contact.phoneHref}}` is the phone number for a `tel:` link.
 */
export function fillContactDetails(html: string, contact: RuntimeConfig['contact']): string {
  const values: Record<string, string> = {
    phone: contact.phone,
    phoneHref: contact.phone.replace(/[^+\d]/g, ''),
    email: contact.email,
  };
  return html.replace(/\{\{\s*contact\.(phone|phoneHref|email)\s*\}\}/g, (_match, name: string) =>
    escapeHtml(values[name] ?? ''),
  );
}
