import { useState } from 'react';
import { visitorMessage } from '@arttoy/shared/http';

/**
 * A list the visitor removes entries from, one at a time: after each removal the list is the
 * server's answer (the entries left), and a message says what happened, or why it did not. A newer
 * read of the list (`initial` changes: the page showed a cached one while reading it again) replaces it.
 */
export function useRemovable<Entry extends { id: number }>(
  initial: readonly Entry[],
  removeOne: (id: number) => Promise<{ items: Entry[] }>,
  nameOf: (entry: Entry) => string,
) {
  const [items, setItems] = useState(initial);
  const [readFrom, setReadFrom] = useState(initial);
  if (readFrom !== initial) {
    setReadFrom(initial);
    setItems(initial);
  }
  const [busy, setBusy] = useState<number | null>(null);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  const remove = async (entry: Entry) => {
    setBusy(entry.id);
    setMessage(null);
    try {
      setItems((await removeOne(entry.id)).items);
      setMessage({ text: `${nameOf(entry)} was removed.`, failed: false });
    } catch (error) {
      setMessage({
        text: `${nameOf(entry)} could not be removed: ${visitorMessage(error)}`,
        failed: true,
      });
    } finally {
      setBusy(null);
    }
  };
  return { items, busy, message, remove };
}
