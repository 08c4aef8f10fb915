import { channelOf, ENTRY_CHANNEL_KEY, recordEntryChannel } from './attribution';

/** The marketing entry links of the spec (§2, Home aliases). */
const SPEC_ALIASES = [
  '/1gk4',
  '/creator',
  '/insofficial',
  '/insoutreach',
  '/instoy',
  '/service',
  '/tiktokofficial',
  '/tiktokoutreach',
  '/tiktoktoy',
  '/tiktokmagic',
  '/xofficial',
  '/fb',
  '/td',
  '/wa',
];

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

function stored(storage: Storage): unknown {
  const text = storage.getItem(ENTRY_CHANNEL_KEY);
  return text === null ? null : JSON.parse(text);
}

describe('channelOf', () => {
  it.each(
    SPEC_ALIASES.flatMap((alias) => [
      [alias, alias.slice(1)] as const,
      [`${alias}/`, alias.slice(1)] as const,
    ]),
  )('names %s the channel %s', (path, channel) => {
    expect(channelOf(path)).toBe(channel);
  });

  it.each([
    '/',
    '',
    '/gallery',
    '/blog/list',
    '/fb/more',
    '/tiktok',
    '/1GK4',
    '/xofficialx',
    '/rules/privacy_policy',
    'fb',
  ])('gives %j no channel', (path) => {
    expect(channelOf(path)).toBeNull();
  });
});

describe('recordEntryChannel', () => {
  it('records nothing for a path that is not a marketing link', () => {
    expect(recordEntryChannel('/gallery', 1000)).toBeNull();
    expect(recordEntryChannel('/', 1000)).toBeNull();
    expect(localStorage.getItem(ENTRY_CHANNEL_KEY)).toBeNull();
    expect(sessionStorage.getItem(ENTRY_CHANNEL_KEY)).toBeNull();
  });

  it('records the channel and the time in the session and for good', () => {
    expect(recordEntryChannel('/tiktoktoy/', 1000)).toEqual({ channel: 'tiktoktoy', at: 1000 });
    expect(stored(sessionStorage)).toEqual({ channel: 'tiktoktoy', at: 1000 });
    expect(stored(localStorage)).toEqual({ channel: 'tiktoktoy', at: 1000 });
  });

  it('keeps the first channel of the session and the first channel ever', () => {
    recordEntryChannel('/fb', 1000);
    expect(recordEntryChannel('/instoy', 2000)).toEqual({ channel: 'instoy', at: 2000 });
    expect(stored(sessionStorage)).toEqual({ channel: 'fb', at: 1000 });
    expect(stored(localStorage)).toEqual({ channel: 'fb', at: 1000 });
  });

  it('starts a new session with its own first channel, keeping the first ever', () => {
    recordEntryChannel('/fb', 1000);
    sessionStorage.clear(); // the tab closed; a new session begins
    recordEntryChannel('/wa/', 5000);
    recordEntryChannel('/td', 6000);
    expect(stored(sessionStorage)).toEqual({ channel: 'wa', at: 5000 });
    expect(stored(localStorage)).toEqual({ channel: 'fb', at: 1000 });
  });

  it('does not count a later page without a channel as an entry', () => {
    recordEntryChannel('/creator', 1000);
    recordEntryChannel('/gallery', 2000);
    expect(stored(sessionStorage)).toEqual({ channel: 'creator', at: 1000 });
    expect(stored(localStorage)).toEqual({ channel: 'creator', at: 1000 });
  });

  it('writes to the storages it is given', () => {
    const session = new Map<string, string>();
    const local = new Map<string, string>();
    const asStorage = (map: Map<string, string>): Storage =>
      ({
        getItem: (key: string) => map.get(key) ?? null,
        setItem: (key: string, value: string) => void map.set(key, value),
      }) as Storage;
    recordEntryChannel('/xofficial', 42, asStorage(session), asStorage(local));
    expect(JSON.parse(session.get(ENTRY_CHANNEL_KEY) ?? 'null')).toEqual({ channel: 'xofficial', at: 42 });
    expect(JSON.parse(local.get(ENTRY_CHANNEL_KEY) ?? 'null')).toEqual({ channel: 'xofficial', at: 42 });
    expect(localStorage.getItem(ENTRY_CHANNEL_KEY)).toBeNull();
    expect(sessionStorage.getItem(ENTRY_CHANNEL_KEY)).toBeNull();
  });
});
