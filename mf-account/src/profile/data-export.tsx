import { useEffect, useState } from 'react';
import { formatDateTime } from '@arttoy/shared/contracts';
import type { ExportFormat, ExportJob } from '@arttoy/shared/contracts/api';
import { visitorMessage } from '@arttoy/shared/http';
import { Button } from '@arttoy/shared/ui';
import { dataExportOf, downloadExportFile, requestDataExport, saveFile } from '../api/my-data';

/** How often the page asks whether the export is ready (it is made within minutes, usually at once). */
export const EXPORT_POLL_MS = 2_000;

const FILES: Record<ExportFormat, { label: string; name: string }> = {
  json: { label: 'Download the data (JSON)', name: 'arttoy-my-data.json' },
  html: { label: 'Download the summary (HTML)', name: 'arttoy-my-data.html' },
};

/**
 * "Download my data": asks for an export, waits until it is made, then offers its two files, each
 * once. The link's token lives only in this page (the API keeps its hash): leaving the page before
 * downloading means asking again.
 */
export function DataExport() {
  const [job, setJob] = useState<ExportJob | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  /** Checks of the job made since it was asked for: the first is at once. */
  const [checks, setChecks] = useState(0);

  useEffect(() => {
    if (!job || job.status !== 'requested') return;
    let stopped = false;
    const timer = setTimeout(
      () =>
        void dataExportOf(job.id).then(
          (next) => {
            if (stopped) return;
            setChecks((count) => count + 1);
            setJob(next);
          },
          (error: unknown) => !stopped && setProblem(visitorMessage(error)),
        ),
      checks === 0 ? 0 : EXPORT_POLL_MS,
    );
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [job, checks]);

  const ask = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const requested = await requestDataExport();
      setToken(requested.token);
      setChecks(0);
      setJob(requested.job);
    } catch (error) {
      setProblem(visitorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const download = async (format: ExportFormat) => {
    if (!token || !job) return;
    setProblem(null);
    try {
      saveFile(await downloadExportFile(token, format), FILES[format].name);
      setJob({ ...job, formatsLeft: job.formatsLeft.filter((left) => left !== format) });
    } catch (error) {
      setProblem(visitorMessage(error));
    }
  };

  return (
    <section className="locker-panel" aria-labelledby="profile-data">
      <h2 id="profile-data">Your data</h2>
      <p>
        A copy of everything we keep about you: your account, orders, payments (never card details), draws
        with their proofs, locker, listings, balance, payouts, ship-outs and addresses. It is a JSON file for
        programs and a summary to read in your browser.
      </p>
      {job?.status === 'requested' ? (
        <p role="status">Gathering your data… This page shows the files when they are ready.</p>
      ) : null}
      {job?.status === 'ready' && token ? (
        <>
          <p role="status">
            Your data is ready. Each file can be downloaded once, until{' '}
            {job.expiresAt ? formatDateTime(job.expiresAt) : 'the link expires'}.
          </p>
          <div className="profile-actions">
            {job.formatsLeft.map((format) => (
              <Button key={format} variant="secondary" onClick={() => void download(format)}>
                {FILES[format].label}
              </Button>
            ))}
          </div>
        </>
      ) : null}
      {job?.status !== 'requested' ? (
        <Button variant="secondary" disabled={busy} onClick={() => void ask()}>
          Download my data
        </Button>
      ) : null}
      {problem ? (
        <p className="locker-error" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
