import { createEventBus } from './event-bus';
import { LOGIN_SUCCESS_EVENTS, onLoginSuccess, siteEvents } from './site-events';

interface TestEvents {
  ping: { n: number };
  pong: { text: string };
}

let consoleError: jest.SpyInstance;
beforeEach(() => {
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => consoleError.mockRestore());

describe('createEventBus', () => {
  it('calls the handlers of an event in subscription order with its payload', () => {
    const bus = createEventBus<TestEvents>('test');
    const calls: string[] = [];
    bus.on('ping', ({ n }) => calls.push(`a${n}`));
    bus.on('ping', ({ n }) => calls.push(`b${n}`));
    bus.on('pong', ({ text }) => calls.push(text));
    bus.emit('ping', { n: 1 });
    expect(calls).toEqual(['a1', 'b1']);
  });

  it('stops calling a handler once it unsubscribes, and leaves the others', () => {
    const bus = createEventBus<TestEvents>('test');
    const first = jest.fn();
    const second = jest.fn();
    const off = bus.on('ping', first);
    bus.on('ping', second);
    off();
    bus.emit('ping', { n: 2 });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith({ n: 2 });
    expect(bus.listenerCount('ping')).toBe(1);
  });

  it('subscribes the same function twice as two listeners', () => {
    const bus = createEventBus<TestEvents>('test');
    const handler = jest.fn();
    const offFirst = bus.on('ping', handler);
    bus.on('ping', handler);
    offFirst();
    bus.emit('ping', { n: 3 });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('logs a throwing handler, names the event, and still runs the rest', () => {
    const bus = createEventBus<TestEvents>('test-bus');
    const after = jest.fn();
    bus.on('pong', () => {
      throw new Error('boom');
    });
    bus.on('pong', after);
    bus.emit('pong', { text: 'hi' });
    expect(after).toHaveBeenCalledWith({ text: 'hi' });
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(String(consoleError.mock.calls[0]?.[0])).toContain('[test-bus] a "pong" listener failed');
  });

  it('emits to nobody without failing', () => {
    expect(() => createEventBus<TestEvents>('test').emit('ping', { n: 0 })).not.toThrow();
  });
});

describe('onLoginSuccess', () => {
  it.each(Object.entries(LOGIN_SUCCESS_EVENTS))('hears %s sign-ins through %s', (provider, type) => {
    const handler = jest.fn();
    const off = onLoginSuccess(handler);
    siteEvents.emit(type, { uid: 'u-1' });
    off();
    siteEvents.emit(type, { uid: 'u-2' });
    expect(handler.mock.calls).toEqual([[provider, { uid: 'u-1' }]]);
    expect(siteEvents.listenerCount(type)).toBe(0);
  });
});

describe('emit during emit', () => {
  it('does not call a handler subscribed while the event is being delivered', () => {
    const bus = createEventBus<TestEvents>('test');
    const late = jest.fn();
    bus.on('ping', () => {
      bus.on('ping', late);
    });
    bus.emit('ping', { n: 1 });
    expect(late).not.toHaveBeenCalled();
    bus.emit('ping', { n: 2 });
    expect(late).toHaveBeenCalledWith({ n: 2 });
  });
});
