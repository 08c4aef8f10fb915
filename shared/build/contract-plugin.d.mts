// Types of contract-plugin.mjs, for TypeScript callers such as its tests.
import type { ContractNeeds, ContractProvides } from '../contracts/manifest';

export const CONTRACT_FILE: string;
/** REMOTE_CONTRACT_VERSION as shared/contracts/remote.ts declares it. */
export function remoteContractVersion(): number;
export interface ContractRecord {
  app: string;
  needs: ContractNeeds;
  provides?: ContractProvides;
}
/** The contract of a compilation (anything with `modules`, as webpack's). */
export function contractOf(
  compilation: { modules: Iterable<object> },
  options: { name: string; isHost: boolean; contract?: number },
): ContractRecord;
export class ContractPlugin {
  constructor(options: { name: string; isHost: boolean });
  apply(compiler: unknown): void;
}
