/** A visitor's data: its export ("Download my data") and the deletion of the account. */
import {
  type ApiErrorReason,
  type ExportFormat,
  endpoints,
  isApiErrorReason,
} from '@arttoy/shared/contracts/api';
import { API_BASE, HttpError } from '@arttoy/shared/http';
import { accountCall, sessionToken } from './session-token';

export const requestDataExport = () => accountCall(endpoints.requestDataExport);

export const dataExportOf = (id: number) => accountCall(endpoints.getDataExport, { params: { id } });

export const deleteMyAccount = (confirm: string) =>
  accountCall(endpoints.deleteAccount, { body: { confirm } });

/**
 * One file of a ready export, fetched with the visitor's token (the link works for its owner only,
 * so it is not a plain link the browser follows): a Blob to save.
 */
export async function downloadExportFile(token: string, format: ExportFormat): Promise<Blob> {
  const url = `${API_BASE}/me/exports/download/${encodeURIComponent(token)}?format=${format}`;
  let response: Response;
  try {
    response = await fetch(url, { headers: { authorization: `Bearer ${await sessionToken()}` } });
  } catch {
    throw new HttpError('We could not reach the shop. Check your connection, then try again.', 0, url);
  }
  if (response.ok) return response.blob();
  const { error } = (await response.json().catch(() => ({}))) as {
    error?: { code?: string; reason?: unknown; message?: string; details?: unknown };
  };
  const reason: ApiErrorReason | null = isApiErrorReason(error?.reason) ? error.reason : null;
  throw new HttpError(
    error?.message ?? `The download failed (${response.status}).`,
    response.status,
    url,
    error?.code ?? null,
    error?.details ?? null,
    reason,
  );
}

/** Saves a Blob as a file through a temporary link (the browser's download). */
export function saveFile(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(href);
}
