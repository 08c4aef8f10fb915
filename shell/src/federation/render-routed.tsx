/** Test support: renders a router inside the shell navigator, as the page does. */
import { render } from '@testing-library/react';
import { RouterProvider, type createMemoryRouter } from 'react-router';
import { navigatorFor } from '@arttoy/shared/federation';
import { ShellNavigatorContext } from './shell-navigator';

export function renderRouted(router: ReturnType<typeof createMemoryRouter>): void {
  const navigator = navigatorFor({
    navigate: (to, opts) => router.navigate(to as never, opts),
    createHref: (location) => router.createHref(location),
  });
  render(
    <ShellNavigatorContext.Provider value={navigator}>
      <RouterProvider router={router} />
    </ShellNavigatorContext.Provider>,
  );
}
