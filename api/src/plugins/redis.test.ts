import Fastify from 'fastify';
import { freePort } from '../test/free-port';
import { connectRedis, parseRedisUrl } from './redis';

describe('REDIS_URL', () => {
  it('takes redis:// and rediss:// URLs', () => {
    expect(parseRedisUrl('redis://127.0.0.1:6379/2').port).toBe('6379');
    expect(parseRedisUrl('rediss://user:secret@cache.example:6380').protocol).toBe('rediss:');
  });

  it.each([
    ['127.0.0.1:6379', 'REDIS_URL "127.0.0.1:6379" is not a URL'],
    ['localhost:6379', 'REDIS_URL must start with redis:// or rediss:// (it starts with "localhost:")'],
    ['not a url', 'REDIS_URL "not a url" is not a URL: use redis://host:6379'],
    ['http://127.0.0.1:6379', 'REDIS_URL must start with redis:// or rediss:// (it starts with "http:")'],
  ])('refuses %j, saying what it takes', (value, message) => {
    expect(() => parseRedisUrl(value)).toThrow(message);
  });

  it('stops the start when Redis does not answer, naming where it looked and without the password', async () => {
    const port = await freePort();
    const start = connectRedis(`redis://user:secret@127.0.0.1:${port}`, Fastify().log);
    await expect(start).rejects.toThrow(`Could not reach Redis at redis://127.0.0.1:${port} (REDIS_URL)`);
    await expect(start).rejects.not.toThrow('secret');
  });
});
