import type { ReactNode } from 'react';
import { SEARCH_KIND_LABELS, type SearchHit } from '@arttoy/shared/search';

export interface SearchResultsProps {
  /** The listbox's id (the combobox's aria-controls). */
  id: string;
  hits: readonly SearchHit[];
  /** The position of the highlighted result, or -1. */
  active: number;
  optionId: (position: number) => string;
  onOpen: (hit: SearchHit) => void;
  onHover: (position: number) => void;
}

/** The thumbnails' size in CSS pixels (the art is SVG, sharp at any density). */
const THUMB_SIZE = 48;

/**
 * The results of the search overlay: a listbox whose options say what each result is (post, rules,
 * figure, box …), with a small picture where the result has one (an empty square keeps the titles
 * aligned where it has none).
 */
export function SearchResults({
  id,
  hits,
  active,
  optionId,
  onOpen,
  onHover,
}: SearchResultsProps): ReactNode {
  return (
    <div
      id={id}
      role="listbox"
      aria-label="Search results"
      className="search-overlay__results"
      hidden={hits.length === 0}
    >
      {hits.map((hit, position) => (
        // Options are chosen with the keyboard from the input (aria-activedescendant) or with the pointer.
        // oxlint-disable-next-line jsx-a11y/click-events-have-key-events
        <div
          key={hit.id}
          id={optionId(position)}
          role="option"
          tabIndex={-1}
          aria-selected={position === active}
          className="search-overlay__option"
          data-kind={hit.kind}
          data-path={hit.path}
          onClick={() => onOpen(hit)}
          onPointerMove={() => position !== active && onHover(position)}
        >
          {hit.image ? (
            // Decorative: the title beside it names the result.
            <img
              className="search-overlay__thumb"
              src={hit.image}
              alt=""
              width={THUMB_SIZE}
              height={THUMB_SIZE}
              loading="lazy"
              decoding="async"
            />
          ) : (
            <span className="search-overlay__thumb search-overlay__thumb--none" aria-hidden="true" />
          )}
          <span className="search-overlay__text">
            <span className="search-overlay__kind">{SEARCH_KIND_LABELS[hit.kind]}</span>
            <span className="search-overlay__name">{hit.title}</span>
            {hit.description ? <span className="search-overlay__description">{hit.description}</span> : null}
          </span>
        </div>
      ))}
    </div>
  );
}
