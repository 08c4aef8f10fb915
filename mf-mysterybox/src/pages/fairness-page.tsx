import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { drawPublicIdSchema } from '@arttoy/shared/contracts/api';
import { useAuthStore } from '@arttoy/shared/stores';
import { Skeleton } from '@arttoy/shared/ui';
import { usePageHead } from '@arttoy/shared/federation/page-data';
import { invalidatePageReads, usePageQuery } from '@arttoy/shared/query';
import { drawToCheckRead } from '../api/account';
import { boxesRead } from '../api/catalogue';
import { SeedNotYetRevealed, SeedStillSecret } from '../components/draw-record';
import { SimulatePanel } from '../components/simulate-panel';
import { ErrorNotice } from '../components/states';
import { VerifyForm } from '../components/verify-form';

/** `?draw=` as a draw's public id, or the visitor's own id of a draw, or null. */
function drawParam(search: string): number | string | null {
  const value = new URLSearchParams(search).get('draw');
  if (!value) return null;
  if (drawPublicIdSchema.safeParse(value).success) return value;
  return /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

/** /mysterybox/test: how draws work, a verifier for any past draw, and a simulator against the odds. */
export function FairnessPage() {
  usePageHead({ title: 'Fairness check' });
  const location = useLocation();
  const drawId = drawParam(location.search);
  const uid = useAuthStore((state) => state.user?.uid ?? null);
  const authLoading = useAuthStore((state) => state.loading);
  const boxes = usePageQuery(boxesRead);
  // Once sign-in is known: the visitor's own draw, or anyone's public proof.
  const drawRead = drawId !== null && !authLoading ? drawToCheckRead(drawId, uid) : null;
  const draw = usePageQuery(drawRead);
  const names = useMemo(() => {
    const map = new Map<number, string>();
    if (boxes.data)
      for (const box of boxes.data) for (const line of box.odds) map.set(line.figure.id, line.figure.name);
    if (draw.data) map.set(draw.data.proof.figure.id, draw.data.proof.figure.name);
    return map;
  }, [boxes.data, draw.data]);
  const figureName = (id: number) => names.get(id) ?? `Figure ${id}`;
  const verifyBoxes =
    boxes.status === 'success'
      ? boxes.data.map((box) => ({
          id: box.id,
          name: box.name,
          lines: box.odds.map((line) => ({ figureId: line.figure.id, oddsPpm: line.oddsPpm })),
        }))
      : [];

  // A revealed seed opens every draw made with it, and the buyer has a new seed hash.
  const revealed = () => {
    invalidatePageReads('/draws');
    invalidatePageReads('/me/fairness');
  };
  let verify;
  if (drawId !== null && authLoading) verify = <Skeleton lines={4} label="Checking your sign-in" />;
  else if (drawRead !== null && draw.status === 'pending')
    verify = <Skeleton lines={4} label={`Loading draw #${drawId}`} />;
  else if (draw.status === 'error')
    verify = (
      <ErrorNotice title={`Draw #${drawId} could not be loaded.`} error={draw.error} onRetry={draw.retry} />
    );
  else if (draw.status === 'success' && draw.data.proof.serverSeed === null) {
    const { own, proof } = draw.data;
    verify = own ? (
      <SeedStillSecret proof={own} onRevealed={revealed} />
    ) : (
      <SeedNotYetRevealed proof={proof} />
    );
  } else {
    const proof = draw.status === 'success' ? draw.data.proof : null;
    verify = (
      <VerifyForm
        key={proof?.publicId ?? 'blank'}
        boxes={verifyBoxes}
        proof={proof}
        figureName={figureName}
      />
    );
  }

  return (
    <article className="mb-page" data-route="mysterybox-test" data-owner="mf_mysterybox">
      <h1>Fairness check</h1>
      <section className="mb-explain" aria-label="How a draw works">
        <p>Every box is drawn the same way, and you can recompute any draw yourself:</p>
        <ol>
          <li>
            Before you buy, you see the SHA-256 hash of your secret server seed. The seed cannot change
            afterwards without the hash giving it away.
          </li>
          <li>
            The draw is HMAC-SHA256(server seed, <code>client seed:nonce</code>). Its first 4 bytes give a
            number; numbers at or above 4,294,000,000 are skipped (the next 4 bytes are used) so every result
            is equally likely, and the rest is taken modulo 1,000,000.
          </li>
          <li>
            That roll falls on one figure's stretch of the published odds (parts per million), laid end to end
            in order of figure id. Sold-out figures are left out and the others scaled up to fill 100%.
          </li>
          <li>When you reveal your server seed, anyone can repeat the steps and get the same figure.</li>
        </ol>
      </section>
      {verify}
      {boxes.status === 'success' && boxes.data.length > 0 ? <SimulatePanel boxes={boxes.data} /> : null}
      {boxes.status === 'pending' ? <Skeleton lines={3} label="Loading the boxes" /> : null}
      {boxes.status === 'error' ? (
        <ErrorNotice title="The boxes could not be loaded." error={boxes.error} onRetry={boxes.retry} />
      ) : null}
    </article>
  );
}
