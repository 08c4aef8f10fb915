/**
 * The Subresource Integrity of each remote entry, by absolute URL, from the deploy manifest. The
 * federation runtime plugin puts it on the entry's script element, so a browser refuses to run an
 * entry whose bytes are not the ones that were published.
 */
const integrityByUrl = new Map<string, string>();

export function recordEntryIntegrity(url: string, integrity: string | undefined): void {
  if (integrity) integrityByUrl.set(url, integrity);
  else integrityByUrl.delete(url);
}

export function entryIntegrity(url: string): string | undefined {
  return integrityByUrl.get(url);
}
