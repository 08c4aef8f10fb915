import { HOME_ALIASES } from '@arttoy/shared/contracts';

/** Where the visitor's first marketing link of this session and of all time are kept. */
export const ENTRY_CHANNEL_KEY = 'entry_channel';

export interface EntryChannel {
  channel: string;
  at: number;
}

/** The marketing channel a home alias stands for (`/tiktoktoy/` → `tiktoktoy`), or null for any other path. */
export function channelOf(pathname: string): string | null {
  const path = pathname.replace(/\/+$/, '');
  return (HOME_ALIASES as readonly string[]).includes(path) ? path.slice(1) : null;
}

/**
 * Records the entry channel when the visitor arrives through a home alias: the session's first
 * channel (sessionStorage) and the first channel ever (localStorage), for attribution.
 */
export function recordEntryChannel(
  pathname: string,
  now = Date.now(),
  session: Storage = sessionStorage,
  local: Storage = localStorage,
): EntryChannel | null {
  const channel = channelOf(pathname);
  if (!channel) return null;
  const entry = JSON.stringify({ channel, at: now } satisfies EntryChannel);
  if (!session.getItem(ENTRY_CHANNEL_KEY)) session.setItem(ENTRY_CHANNEL_KEY, entry);
  if (!local.getItem(ENTRY_CHANNEL_KEY)) local.setItem(ENTRY_CHANNEL_KEY, entry);
  return { channel, at: now };
}
