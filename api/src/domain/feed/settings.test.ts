import { feedSettingsFrom } from './settings';

describe('the live feed settings', () => {
  it('default to a 15 s heartbeat, 20 streams per address, 10 000 per instance and 256 KiB per client', () => {
    expect(feedSettingsFrom({})).toEqual({
      heartbeatMs: 15_000,
      retryMs: 3_000,
      perIp: 20,
      total: 10_000,
      bufferBytes: 256 * 1024,
    });
  });

  it('take whole numbers within their range', () => {
    expect(
      feedSettingsFrom({
        FEED_HEARTBEAT_MS: '5000',
        FEED_CONNECTIONS_PER_IP: ' 4 ',
        FEED_CONNECTIONS: '',
        FEED_CLIENT_BUFFER_BYTES: '65536',
      }),
    ).toMatchObject({
      heartbeatMs: 5_000,
      perIp: 4,
      total: 10_000,
      bufferBytes: 65_536,
    });
  });

  it.each([
    ['FEED_HEARTBEAT_MS', '1.5', 'milliseconds from 10 to 300000'],
    ['FEED_CONNECTIONS_PER_IP', '0', 'connections from 1 to 10000'],
    ['FEED_CONNECTIONS', 'many', 'connections from 1 to 1000000'],
    ['FEED_CLIENT_BUFFER_BYTES', '512', 'bytes from 1024 to 67108864'],
  ])('refuse %s=%j, saying what they take', (name, value, takes) => {
    expect(() => feedSettingsFrom({ [name]: value })).toThrow(
      `${name} must be a whole number of ${takes}; got "${value}".`,
    );
  });
});
