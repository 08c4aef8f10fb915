import { createStore, useStore } from 'zustand';

/** The shell's own record of a newer deploy (not shared: only the shell's chrome reacts to it). */
export const newBuildStore = createStore<{ buildId: string | null }>()(() => ({ buildId: null }));

export function useNewBuildId(): string | null {
  return useStore(newBuildStore, (state) => state.buildId);
}
