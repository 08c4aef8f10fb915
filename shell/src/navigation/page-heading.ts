/**
 * The page's main heading, read when a navigation starts (on the first page, so kept small) and
 * again by page-arrival.ts while the new page shows.
 */

/** The page as it was when the navigation started: a heading still showing the same text is the old page's. */
export interface Departure {
  heading: HTMLElement | null;
  headingText: string;
  title: string;
  /** Where focus was: the control the visitor used to leave (a header link) gives it up once the page shows. */
  focus: Element | null;
}

export const headingText = (element: Element | null): string =>
  element?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

/**
 * The page's main heading: the first h1 in main that shows text. One inside a hidden element (a
 * remote's page before its mount resolved) or a busy one (a page still loading) is not shown yet.
 */
export function mainHeading(main: HTMLElement): HTMLElement | null {
  for (const heading of main.querySelectorAll<HTMLElement>('h1')) {
    if (!heading.closest('[hidden], [aria-busy="true"]') && headingText(heading)) return heading;
  }
  return null;
}

export function departure(main: HTMLElement): Departure {
  const heading = mainHeading(main);
  return { heading, headingText: headingText(heading), title: document.title, focus: document.activeElement };
}
