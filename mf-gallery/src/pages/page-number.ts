/** `?page=` as a positive integer, or null when it is not one (the page then says so). */
export function pageFromSearch(search: URLSearchParams): number | null {
  const raw = search.get('page');
  if (raw === null) return 1;
  return /^[1-9][0-9]{0,3}$/.test(raw) ? Number(raw) : null;
}
