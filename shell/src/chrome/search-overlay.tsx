import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { search, type SearchResult } from '@arttoy/shared/search';
import { Drawer } from '@arttoy/shared/ui';

type Status = 'idle' | 'pending' | 'success' | 'error';

/** The search overlay: a title and a text input; results come from the sources features register. */
export function SearchOverlay({ open, onClose }: { open: boolean; onClose: () => void }): ReactNode {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<SearchResult[]>([]);
  const [status, setStatus] = useState<Status>('idle');
  const inputId = useId();

  const active = query.trim() !== '';

  useEffect(() => {
    if (query.trim() === '') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      search(query, controller.signal).then(
        (found) => {
          if (controller.signal.aborted) return;
          setResults(found);
          setStatus('success');
        },
        () => !controller.signal.aborted && setStatus('error'),
      );
    }, 150);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [query]);

  return (
    <Drawer open={open} onClose={onClose} label="Search" className="search-overlay">
      <h2 className="search-overlay__title">Search</h2>
      <label className="visually-hidden" htmlFor={inputId}>
        Search the blog, the help pages and the gallery
      </label>
      <input
        id={inputId}
        className="search-overlay__input"
        type="search"
        autoComplete="off"
        placeholder="Search posts, help and figures"
        value={query}
        // The control a visitor opening search wants: the drawer focuses it on open.
        data-autofocus
        onChange={(event) => {
          setQuery(event.target.value);
          setStatus('pending');
        }}
      />
      <div className="search-overlay__results" aria-live="polite">
        {active && status === 'success' && results.length === 0 ? <p>No results for “{query.trim()}”.</p> : null}
        {active && status === 'error' ? <p>Search is not available right now. Please try again.</p> : null}
        {active && results.length > 0 ? (
          <ul>
            {results.map((result) => (
              <li key={result.href}>
                <Link to={result.href} onClick={onClose}>
                  <span className="search-overlay__section">{result.section}</span> {result.title}
                </Link>
                {result.excerpt ? <p>{result.excerpt}</p> : null}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </Drawer>
  );
}
