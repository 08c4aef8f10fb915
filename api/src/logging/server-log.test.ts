import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { type LogFormat, STARTUP } from './log-format';
import { createServerLog } from './server-log';

/** A logger writing into an array of lines, and a Fastify app logging through it. */
function loggedApp(format: LogFormat) {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const log = createServerLog(format, { destination, colorize: false });
  const app = Fastify({ ...log.fastifyOptions });
  app.get('/gallery', async () => ({ ok: true }));
  app.get('/broken', async () => {
    throw new Error('the database went away');
  });
  return { lines, log, app };
}

describe('pretty server logs', () => {
  it('write one readable line a request: method, URL, status and time', async () => {
    const { lines, app } = loggedApp('pretty');
    await app.inject({ method: 'GET', url: '/gallery?page=2' });
    await app.inject({ method: 'GET', url: '/no-such-page' });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/gallery\?page=2 200 \d+ ms$/);
    expect(lines[1]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/no-such-page 404 \d+ ms$/);
    await app.close();
  });

  it('keep the error of a failed request', async () => {
    const { lines, app } = loggedApp('pretty');
    await app.inject({ method: 'GET', url: '/broken' });
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] ERROR: the database went away ?$/);
    // Its stack, then the request's line.
    expect(lines.join('\n')).toContain('Error: the database went away\n');
    expect(lines.at(-1)).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/broken 500 \d+ ms$/);
    await app.close();
  });

  it('write a start-up line as its message alone, in bold green when colours are on', () => {
    const { lines, log } = loggedApp('pretty');
    log.logger.info(
      { ...STARTUP, database: 'PGlite in memory', ms: 120 },
      'Database: PGlite in memory, ready in 120 ms',
    );
    expect(lines).toEqual([
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: Database: PGlite in memory, ready in 120 ms$/),
    ]);

    const coloured: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        coloured.push(chunk.toString());
        done();
      },
    });
    createServerLog('pretty', { destination, colorize: true }).logger.info(
      STARTUP,
      'ArtToy Club is served at http://localhost:3000',
    );
    expect(coloured.join('')).toContain('\u001b[1m\u001b[32mArtToy Club is served at http://localhost:3000');
  });
});

describe('JSON server logs', () => {
  it('are pino’s and Fastify’s own lines, start-up fields included', async () => {
    const { lines, log, app } = loggedApp('json');
    log.logger.info({ ...STARTUP, database: 'PGlite in memory' }, 'Database: PGlite in memory');
    await app.inject({ method: 'GET', url: '/gallery' });
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.map((entry) => entry.msg)).toEqual([
      'Database: PGlite in memory',
      'incoming request',
      'request completed',
    ]);
    expect(entries[0]).toMatchObject({ level: 30, startup: true, database: 'PGlite in memory' });
    expect(entries[1]).toMatchObject({ req: { method: 'GET', url: '/gallery' } });
    expect(entries[2]).toMatchObject({ res: { statusCode: 200 } });
    await app.close();
  });
});
