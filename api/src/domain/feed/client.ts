/**
 * One client of the live feed: its stream and what it may hold. A client that does not read (a
 * stalled tab, a slow link) makes its stream queue bytes in this process; past `bufferBytes` the
 * stream is dropped rather than grown (what it holds stays under the bound plus one burst of
 * events), and the browser reconnects later, resuming by Last-Event-ID.
 */
import type { Writable } from 'node:stream';

/** An event as written on the stream, serialized once for every client. */
export interface FeedFrame {
  id: number;
  text: string;
}

export class FeedClient {
  readonly ip: string;
  readonly #bufferBytes: number;
  #out: Writable | null = null;
  /** Frames that arrived while the client's backlog was being read, sent after it. */
  #waiting: FeedFrame[] = [];
  #waitingBytes = 0;
  #closed = false;
  /**
   * The backlog's ids, while a live frame may still repeat one (its notice heard after the backlog
   * was read): dropped once a live frame newer than all of them passes, as notices come in commit order.
   */
  #sentIds: ReadonlySet<number> | null = null;
  #sentMax = 0;
  #onClose: (client: FeedClient) => void;
  /** Why the stream was dropped, if it was. */
  dropped: string | null = null;

  constructor(ip: string, bufferBytes: number, onClose: (client: FeedClient) => void) {
    this.ip = ip;
    this.#bufferBytes = bufferBytes;
    this.#onClose = onClose;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /**
   * Starts the stream: `head` (the retry hint and the backlog), then what arrived meanwhile, minus
   * what the backlog already had (`sentIds`), then live frames as they come.
   */
  attach(out: Writable, head: string, sentIds: ReadonlySet<number>): void {
    if (this.#closed || out.destroyed) {
      // Ended while its backlog was read (the API closing), or its client left meanwhile.
      if (!out.destroyed) out.end();
      this.#close();
      return;
    }
    this.#out = out;
    out.once('close', () => this.#close());
    const waiting = this.#waiting;
    this.#waiting = [];
    this.#waitingBytes = 0;
    if (sentIds.size > 0) {
      this.#sentIds = sentIds;
      this.#sentMax = Math.max(...sentIds);
    }
    this.#write(
      head +
        waiting
          .filter((frame) => this.#isNew(frame))
          .map((frame) => frame.text)
          .join(''),
    );
  }

  /** Sends a comment (the heartbeat), once the stream has started. */
  comment(text: string): void {
    if (!this.#closed && this.#out) this.#write(text);
  }

  /**
   * Sends the events of one read (`text`: all of them, serialized once for every client) in one
   * write, or keeps them until the stream starts.
   */
  send(frames: readonly FeedFrame[], text: string): void {
    if (this.#closed || frames.length === 0) return;
    if (this.#out) {
      if (!this.#sentIds) this.#write(text);
      else
        this.#write(
          frames
            .filter((frame) => this.#isNew(frame))
            .map((frame) => frame.text)
            .join(''),
        );
      return;
    }
    for (const frame of frames) {
      this.#waiting.push(frame);
      this.#waitingBytes += frame.text.length;
    }
    if (this.#waitingBytes > this.#bufferBytes)
      this.drop(`more than ${this.#bufferBytes} bytes waited for the backlog`);
  }

  /** Ends the stream cleanly (the API is closing): the browser reconnects after the retry hint. */
  end(): void {
    if (this.#out && !this.#out.writableEnded) this.#out.end();
    this.#close();
  }

  /** Cuts the stream off (its client reads too slowly); it resumes by Last-Event-ID when it reconnects. */
  drop(why: string): void {
    if (this.#closed) return;
    this.dropped = why;
    this.#out?.destroy();
    this.#close();
  }

  /** Whether the backlog did not have it already. */
  #isNew(frame: FeedFrame): boolean {
    if (!this.#sentIds) return true;
    if (this.#sentIds.has(frame.id)) return false;
    if (frame.id > this.#sentMax) this.#sentIds = null;
    return true;
  }

  #write(text: string): void {
    const out = this.#out;
    if (!out || out.destroyed || out.writableEnded || text === '') return;
    // What the stream holds beyond what the socket took: it stays high only while the client does
    // not read. Checked before writing, so a burst (one read's events, written at once) reaches a
    // client that reads; one that did not read the last burst is dropped at the next.
    if (out.writableLength > this.#bufferBytes) {
      this.drop(`more than ${this.#bufferBytes} bytes waited to be read`);
      return;
    }
    out.write(text);
  }

  #close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#waiting = [];
    this.#onClose(this);
  }
}
