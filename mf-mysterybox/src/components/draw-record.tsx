import { useState } from 'react';
import type { DrawProof, PublicDrawProof } from '@arttoy/shared/contracts/api';
import { Button } from '@arttoy/shared/ui';
import { rotateServerSeed } from '../api/account';
import { ErrorNotice } from './states';

/**
 * A draw whose server seed is still in use cannot be checked yet: revealing the seed ends it
 * (a new one starts, whose hash is shown before the next purchase).
 */
export function SeedStillSecret({ proof, onRevealed }: { proof: DrawProof; onRevealed: () => void }) {
  const [state, setState] = useState<{ busy: boolean; error: Error | null }>({ busy: false, error: null });
  const reveal = async () => {
    setState({ busy: true, error: null });
    try {
      await rotateServerSeed();
      onRevealed();
    } catch (error) {
      setState({ busy: false, error: error instanceof Error ? error : new Error(String(error)) });
    }
  };
  return (
    <div className="mb-notice">
      <p>
        Draw #{proof.id} ({proof.figure.name}) used your current server seed, which stays secret while it is
        in use so no one can predict your next draws. Reveal it to check this draw: your next purchase then
        uses a new seed, whose hash you will see first.
      </p>
      <Button onClick={() => void reveal()} disabled={state.busy}>
        {state.busy ? 'Revealing…' : 'Reveal my server seed'}
      </Button>
      {state.error ? <ErrorNotice title="The seed could not be revealed." error={state.error} /> : null}
    </div>
  );
}

/** Someone else's draw whose server seed is still in use: it can be checked once its owner reveals it. */
export function SeedNotYetRevealed({ proof }: { proof: PublicDrawProof }) {
  return (
    <div className="mb-notice">
      <p>
        This draw ({proof.figure.name}) was made with a server seed that is still in use, so it stays secret:
        no one can predict that collector's next draws. Its hash was fixed before the draw (
        <code className="mb-hash">{proof.serverSeedHash}</code>); once the collector reveals the seed, this
        page checks the draw against it. Come back later.
      </p>
    </div>
  );
}
