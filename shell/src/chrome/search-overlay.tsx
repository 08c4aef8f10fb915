import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { loadSiteSearch, type SearchHit, type SiteSearch } from '@arttoy/shared/search';
import { Drawer, Skeleton } from '@arttoy/shared/ui';
import { SearchResults } from './search-results';

type IndexState = { status: 'pending' } | { status: 'ready'; search: SiteSearch } | { status: 'error' };

/** Loads the site search when the overlay first opens (its code and data are not on the first page). */
function useSiteSearch(open: boolean): IndexState & { retry: () => void } {
  const [state, setState] = useState<IndexState>({ status: 'pending' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!open) return;
    let active = true;
    loadSiteSearch().then(
      (search) => active && setState({ status: 'ready', search }),
      (error: unknown) => {
        console.error('[search] the search could not load:', error);
        if (active) setState({ status: 'error' });
      },
    );
    return () => {
      active = false;
    };
    // `attempt` is the retry counter: a new value must load again.
    // oxlint-disable-next-line react/exhaustive-effect-dependencies
  }, [open, attempt]);
  return { ...state, retry: () => setAttempt((count) => count + 1) };
}

/**
 * The search overlay: a title, and a combobox whose results list posts, rules and help pages, site
 * pages, gallery series and figures, and mystery boxes, each with its picture where it has one.
 * Arrow keys move through the results, Enter opens one, Escape closes the overlay. Each opening
 * starts with the previous query selected, so typing replaces it.
 */
export function SearchOverlay({ open, onClose }: { open: boolean; onClose: () => void }): ReactNode {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
  const index = useSiteSearch(open);
  const navigate = useNavigate();
  const inputId = useId();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!open) return;
    // Runs after the drawer's own effect has shown the dialog and focused the input (a parent's
    // effects run after its children's): the caret would otherwise sit after the old query.
    inputRef.current?.select();
  }, [open]);

  const text = query.trim();
  const hits: SearchHit[] = useMemo(
    () => (index.status === 'ready' && text !== '' ? index.search.search(text) : []),
    [index, text],
  );
  const expanded = hits.length > 0;
  const optionId = (position: number): string => `${listId}-option-${position}`;

  // The next opening starts with no result highlighted.
  const close = (): void => {
    setActive(-1);
    onClose();
  };

  const openHit = (hit: SearchHit): void => {
    close();
    void navigate(hit.path);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'Escape') {
      // Escape closes the overlay at once (not only clears the field, as a search input would).
      event.preventDefault();
      close();
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && expanded) {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive(
        (current) => (current + step + hits.length + (current === -1 && step === -1 ? 1 : 0)) % hits.length,
      );
    } else if (event.key === 'Enter') {
      const hit = hits[active] ?? hits[0];
      if (!hit) return;
      event.preventDefault();
      openHit(hit);
    }
  };

  return (
    <Drawer open={open} onClose={close} label="Search" className="search-overlay">
      <h2 className="search-overlay__title">Search</h2>
      <label className="visually-hidden" htmlFor={inputId}>
        Search the blog, the help pages and the gallery
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className="search-overlay__input"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder="Search posts, help, figures and boxes"
        value={query}
        // The control a visitor opening search wants: the drawer focuses it on open.
        data-autofocus
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
      />
      <SearchResults
        id={listId}
        hits={hits}
        active={active}
        optionId={optionId}
        onOpen={openHit}
        onHover={setActive}
      />
      <div className="search-overlay__status" aria-live="polite">
        {text !== '' && index.status === 'pending' ? <Skeleton lines={3} label="Loading search" /> : null}
        {index.status === 'error' ? (
          <p>
            Search could not load. Check your connection and{' '}
            <button type="button" className="search-overlay__retry" onClick={index.retry}>
              try again
            </button>
            .
          </p>
        ) : null}
        {text !== '' && index.status === 'ready' && !index.search.available ? (
          <p>Search is not available right now. Please try again later.</p>
        ) : null}
        {text !== '' && index.status === 'ready' && index.search.available && hits.length === 0 ? (
          <p>No results for “{text}”. Try fewer or other words.</p>
        ) : null}
        {expanded ? (
          <p className="visually-hidden">{hits.length === 1 ? '1 result' : `${hits.length} results`}</p>
        ) : null}
      </div>
    </Drawer>
  );
}
