import { useCallback, useEffect, useRef, useState } from 'react';
import { createClientSeed, createServerSeed, simulateDraws, type OddsLine } from '@arttoy/shared/fair';

/** Draws per slice of work: a few milliseconds each, so the page keeps answering between slices. */
export const SIMULATION_CHUNK = 2_000;
export const MAX_SIMULATION = 100_000;

export interface Simulation {
  total: number;
  done: number;
  counts: Map<number, number>;
  running: boolean;
}

const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Runs `count` draws with fresh random seeds through shared/fair, one chunk at a time with a pause
 * between chunks for the page to paint and take input. Stop (or leaving the page) ends it.
 */
export function useSimulation() {
  const [simulation, setSimulation] = useState<Simulation | null>(null);
  const run = useRef(0);
  useEffect(() => () => void (run.current += 1), []);
  const start = useCallback(async (lines: readonly OddsLine[], total: number) => {
    const id = (run.current += 1);
    const serverSeed = createServerSeed();
    const clientSeed = createClientSeed();
    const counts = new Map(lines.map((line) => [line.figureId, 0]));
    setSimulation({ total, done: 0, counts: new Map(counts), running: true });
    for (let done = 0; done < total;) {
      await yieldToPage();
      if (run.current !== id) return;
      const count = Math.min(SIMULATION_CHUNK, total - done);
      for (const [figureId, drawn] of simulateDraws({
        serverSeed,
        clientSeed,
        firstNonce: done,
        count,
        lines,
      }))
        counts.set(figureId, (counts.get(figureId) ?? 0) + drawn);
      done += count;
      setSimulation({ total, done, counts: new Map(counts), running: done < total });
    }
  }, []);
  const stop = useCallback(() => {
    run.current += 1;
    setSimulation((current) => (current ? { ...current, running: false } : current));
  }, []);
  return { simulation, start, stop };
}
