/**
 * What a client navigation does once the new page shows: focus its main heading (or the main
 * landmark) and say its title. Loaded on the first navigation (route-announcer.tsx), never with
 * the first page.
 */
import { headingText, mainHeading, type Departure } from './page-heading';

export interface ArrivalOptions {
  /** Called once the page shows, with the element that should take focus and the words to announce. */
  onArrive: (target: HTMLElement, announcement: string) => void;
  /** How long a page may take to show its heading before focus goes to what is there. */
  timeoutMs: number;
}

/**
 * The new page's heading once it shows: a different h1, or the old one with new text or under a
 * new document title (a remote reuses its elements between two pages of one kind).
 */
function arrivedHeading(main: HTMLElement, from: Departure): HTMLElement | null {
  const heading = mainHeading(main);
  if (!heading) return null;
  return heading !== from.heading ||
    headingText(heading) !== from.headingText ||
    document.title !== from.title
    ? heading
    : null;
}

/** A contained failure (a remote that did not load) speaks for itself as an alert and has no h1. */
const shownAlert = (main: HTMLElement): boolean =>
  [...main.querySelectorAll('[role="alert"]')].some((alert) => !alert.closest('[hidden]'));

/** The title to say: the document's when the page set a new one, else its heading. */
export function announcementFor(from: Departure, heading: HTMLElement | null): string {
  const title = document.title.trim();
  if (title && title !== from.title.trim()) return title;
  return headingText(heading) || title;
}

/**
 * Waits, without polling, for the new page to show (its heading, or a failure's alert), at most
 * `timeoutMs`, then calls `onArrive` after the page's effects have run (a frame later: the title
 * is set in an effect). Returns a cancel for a navigation that is overtaken by the next one.
 */
export function awaitArrival(
  main: HTMLElement,
  from: Departure,
  { onArrive, timeoutMs }: ArrivalOptions,
): () => void {
  let done = false;
  let frame = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const observer = new MutationObserver(() => check());
  const finish = (): void => {
    done = true;
    observer.disconnect();
    clearTimeout(deadline);
    // The page's passive effects (its title) run before the next frame; read after them.
    frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        const heading = mainHeading(main);
        onArrive(heading ?? main, heading || !shownAlert(main) ? announcementFor(from, heading) : '');
      }, 0);
    });
  };
  function check(): void {
    if (done) return;
    if (arrivedHeading(main, from) || (!mainHeading(main) && shownAlert(main))) finish();
  }
  const deadline = setTimeout(() => {
    if (!done) finish();
  }, timeoutMs);
  observer.observe(main, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['hidden', 'aria-busy'],
  });
  check();
  return () => {
    done = true;
    observer.disconnect();
    clearTimeout(deadline);
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

const TEXT_ENTRY = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])';

/**
 * Focuses the new page's heading (made focusable with tabindex=-1) or main, unless the visitor
 * has moved on while it loaded (into the new page, or typing somewhere) or a dialog is open (the
 * page behind it is inert). Never scrolls: the router's scroll restoration owns the scroll position.
 */
export function focusArrival(target: HTMLElement, from: Departure, main: HTMLElement): boolean {
  if (document.querySelector('dialog[open]')) return false;
  const active = document.activeElement;
  const movedOn =
    active instanceof HTMLElement &&
    active !== from.focus &&
    active !== document.body &&
    ((main.contains(active) && active !== main) || active.matches(TEXT_ENTRY));
  if (movedOn) return false;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  return true;
}
