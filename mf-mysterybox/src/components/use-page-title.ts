import { useEffect } from 'react';

/** Sets the document title while the page is shown: "<title> · ArtToy Club". */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    if (title) document.title = `${title} · ArtToy Club`;
  }, [title]);
}
