/**
 * The outlet a host renders inside its react-router: the shell's, the QA harness's, a test's memory
 * router. Not part of the `@arttoy/shared/federation` singleton: react-router is not shared, so this
 * file must read the router of the app that bundles it.
 */
import { useMemo, type ReactNode } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { REMOTE_BASENAMES, type Navigator } from '@arttoy/shared/contracts';
import { ParcelOutlet, type ParcelOutletProps } from '@arttoy/shared/federation';

export interface RoutedParcelOutletProps extends Omit<ParcelOutletProps, 'props'> {
  /** The host router's navigator (navigatorFor): the remote's links drive that one router. */
  navigator: Navigator;
}

/** A ParcelOutlet that pushes the surrounding router's location to the remote, under its basename. */
export function RoutedParcelOutlet({ navigator, ...outlet }: RoutedParcelOutletProps): ReactNode {
  const location = useLocation();
  const navigationType = useNavigationType();
  const { name } = outlet;
  const props = useMemo(
    () => ({ basename: REMOTE_BASENAMES[name], location, navigationType, navigator }),
    [name, location, navigationType, navigator],
  );
  return <ParcelOutlet {...outlet} props={props} />;
}
