/** A handler of one event type. */
export type EventHandler<Payload> = (payload: Payload) => void;

/**
 * A typed publish/subscribe bus: the event names and their payloads are one interface, so an
 * emitter cannot send a payload a listener does not expect.
 */
export interface EventBus<Events extends object> {
  /** Subscribes; returns the function that unsubscribes. */
  on<Type extends keyof Events>(type: Type, handler: EventHandler<Events[Type]>): () => void;
  /** Calls every handler of `type` in subscription order. A throwing handler is logged, and the others still run. */
  emit<Type extends keyof Events>(type: Type, payload: Events[Type]): void;
  /** How many handlers `type` has (tests, leak checks). */
  listenerCount(type: keyof Events): number;
}

export function createEventBus<Events extends object>(name: string): EventBus<Events> {
  const handlers = new Map<keyof Events, Set<EventHandler<never>>>();
  return {
    on(type, handler) {
      const set = handlers.get(type) ?? new Set();
      handlers.set(type, set);
      // A Set keeps each handler once; wrap it so the same function can subscribe twice and leave twice.
      const entry: EventHandler<never> = (payload) => handler(payload);
      set.add(entry);
      return () => {
        set.delete(entry);
      };
    },
    emit(type, payload) {
      // A snapshot: a handler that subscribes another one during the emit does not run it now.
      for (const handler of Array.from(handlers.get(type) ?? [])) {
        try {
          (handler as EventHandler<typeof payload>)(payload);
        } catch (error) {
          console.error(
            `[${name}] a "${String(type)}" listener failed; the other listeners still ran:`,
            error,
          );
        }
      }
    },
    listenerCount(type) {
      return handlers.get(type)?.size ?? 0;
    },
  };
}
