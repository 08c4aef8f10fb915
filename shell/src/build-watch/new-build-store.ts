import { createStore, useStore } from 'zustand';

interface BuildWatchState {
  /** A newer deploy, ready to load. */
  buildId: string | null;
  /** Why the last check for a newer deploy failed (the page keeps its own build); null when fine. */
  checkProblem: string | null;
}

/** The shell's own record of deploys (not shared: only the shell's chrome reacts to it). */
export const newBuildStore = createStore<BuildWatchState>()(() => ({ buildId: null, checkProblem: null }));

export function useNewBuildId(): string | null {
  return useStore(newBuildStore, (state) => state.buildId);
}

export function useBuildCheckProblem(): string | null {
  return useStore(newBuildStore, (state) => state.checkProblem);
}
