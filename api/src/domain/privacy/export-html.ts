/** The readable summary of an export: one HTML page, no scripts, every value escaped. */
import type { VisitorData } from './export-data';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return escapeHtml(JSON.stringify(value));
  return escapeHtml(String(value));
}

function table(title: string, rows: readonly object[]): string {
  const heading = `<h2>${escapeHtml(title)} (${rows.length})</h2>`;
  if (rows.length === 0) return `${heading}<p>None.</p>`;
  const columns = Object.keys(rows[0] ?? {});
  const head = columns.map((column) => `<th>${escapeHtml(column)}</th>`).join('');
  const body = rows
    .map((row) => {
      const values = row as Record<string, unknown>;
      return `<tr>${columns.map((column) => `<td>${cell(values[column])}</td>`).join('')}</tr>`;
    })
    .join('\n');
  return `${heading}<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

export function renderExportHtml(data: VisitorData): string {
  const sections: [string, readonly object[]][] = [
    ['Your account', [data.account]],
    ['Handles kept for you', data.handlesKeptForMe],
    ['Saved addresses', data.addresses],
    ['Saved payment methods', data.savedPaymentMethods],
    ['Orders', data.orders],
    ['Payments', data.payments],
    ['Fairness seeds', data.fairSeeds],
    ['Draws and their proofs', data.draws],
    ['Locker', data.locker],
    ['Listings', data.listings],
    ['Sales you took part in', data.sales],
    ['Balance (ledger entries)', data.ledger],
    ['Payouts', data.payouts],
    ['Ship-outs', data.shipOuts],
    ['Live room events', data.liveRoomEvents],
  ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Your data at ${escapeHtml(data.site)}</title>
<style>body{font:14px/1.4 system-ui,sans-serif;margin:2rem}table{border-collapse:collapse;margin-bottom:1rem}td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}</style>
</head><body>
<h1>Your data at ${escapeHtml(data.site)}</h1>
<p>Exported ${escapeHtml(data.exportedAt)}. Amounts are in minor units (cents). The JSON file of the same export holds the same data for programs.</p>
${sections.map(([title, rows]) => table(title, rows)).join('\n')}
</body></html>
`;
}
