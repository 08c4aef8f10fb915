import { Link } from 'react-router';
import type { FairnessState } from '@arttoy/shared/contracts/api';
import type { PageQuery } from '@arttoy/shared/query';
import { ClientSeedField } from './client-seed-field';
import { explain } from './states';

/** What the buyer can check later: the hash of the server seed committed to now, and their client seed. */
export function FairnessPanel(props: {
  /** The buyer's seeds; not read while signed out. */
  fairness: PageQuery<FairnessState>;
  signedIn: boolean;
  clientSeed: string;
  onClientSeed: (value: string) => void;
}) {
  const { fairness, signedIn } = props;
  return (
    <section className="mb-panel" aria-labelledby="mb-fairness-title">
      <h2 id="mb-fairness-title">Provably fair</h2>
      {!signedIn ? (
        <p>
          Log in to see the hash of your server seed before you buy. Your draw is computed from it, your
          client seed and a counter.
        </p>
      ) : null}
      {signedIn && fairness.status === 'pending' ? <p className="mb-muted">Loading your seeds…</p> : null}
      {fairness.status === 'error' ? (
        <p role="alert">Your seeds could not be loaded. {explain(fairness.error)}</p>
      ) : null}
      {fairness.status === 'success' ? (
        <>
          <p className="mb-field__label">Server seed hash (SHA-256)</p>
          <p className="mb-mono mb-hash" data-testid="server-seed-hash">
            {fairness.data.serverSeedHash}
          </p>
          <ClientSeedField value={props.clientSeed} onChange={props.onClientSeed} />
          <p className="mb-muted">
            Next draw number (nonce): {fairness.data.nextNonce}. How it works and how to check a draw:{' '}
            <Link to="/mysterybox/test">fairness page</Link>.
          </p>
        </>
      ) : null}
    </section>
  );
}
