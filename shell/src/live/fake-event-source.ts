/** Test helpers of the shell's live room (jest only). */
import type { FeedEvent } from './feed-event';

/** A stand-in for the browser's EventSource: the test opens, sends and fails it. */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }
  send(event: FeedEvent) {
    this.dispatchEvent(
      new MessageEvent(event.kind, { data: JSON.stringify(event), lastEventId: String(event.id) }),
    );
  }
  fail(closed: boolean) {
    this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.dispatchEvent(new Event('error'));
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}
