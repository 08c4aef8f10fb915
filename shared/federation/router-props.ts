import type { Location, Navigator, RemoteProps } from '../contracts';

/**
 * The props a remote passes to its own react-router `<Router>`, taken from the shell's RemoteProps.
 * `Action` is the remote's react-router `NavigationType` enum, whose values are the same strings.
 */
export function routerProps<Action extends string>(
  props: RemoteProps,
): { basename: string; location: Location; navigationType: Action; navigator: Navigator } {
  return {
    basename: props.basename,
    location: props.location,
    navigationType: props.navigationType as Action,
    navigator: props.navigator,
  };
}
