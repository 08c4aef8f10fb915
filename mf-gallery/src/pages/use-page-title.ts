import { useEffect } from 'react';

/** The document title of a gallery page, in the site's "<page> · ArtToy Club" form. */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    if (title) document.title = `${title} · ArtToy Club`;
  }, [title]);
}
