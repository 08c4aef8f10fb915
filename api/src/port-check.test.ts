import net from 'node:net';
import { checkPortFree, explainListenError, type PortSetting } from './port-check';

/** A real server holding a port the system picked on `host`. */
async function holdPort(host: string): Promise<net.Server & { port: number }> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen({ port: 0, host }, resolve));
  return Object.assign(server, { port: (server.address() as net.AddressInfo).port });
}

const close = (server: net.Server) => new Promise<void>((resolve) => server.close(() => resolve()));

const sitePort = (port: number, host = '127.0.0.1'): PortSetting => ({
  port,
  host,
  portSetting: 'PORT',
  hostSetting: 'HOST',
  command: 'npm start',
});

describe('checkPortFree', () => {
  it('refuses a port a server listens on, naming the setting to change, and passes once it is free', async () => {
    const other = await holdPort('127.0.0.1');
    await expect(checkPortFree(sitePort(other.port))).rejects.toThrow(
      `Port ${other.port} is in use (by another npm start?). Stop it (find it with: lsof -i :${other.port}) or set PORT to use another port: PORT=${other.port + 1} npm start.`,
    );
    await close(other);
    await expect(checkPortFree(sitePort(other.port))).resolves.toBeUndefined();
  });

  it('checks every address a host name stands for, as the server listens on each', async () => {
    // localhost is 127.0.0.1 (and ::1 where there is IPv6): held on 127.0.0.1 alone, it is still busy.
    const other = await holdPort('127.0.0.1');
    try {
      await expect(checkPortFree(sitePort(other.port, 'localhost'))).rejects.toThrow(
        `Port ${other.port} is in use`,
      );
    } finally {
      await close(other);
    }
  });

  it('names the API its own settings', async () => {
    const other = await holdPort('127.0.0.1');
    try {
      await expect(
        checkPortFree({
          port: other.port,
          host: '127.0.0.1',
          portSetting: 'API_PORT',
          hostSetting: 'API_HOST',
          command: 'npm start -w api',
        }),
      ).rejects.toThrow(`or set API_PORT to use another port: API_PORT=${other.port + 1} npm start -w api.`);
    } finally {
      await close(other);
    }
  });

  it('leaves the port free after checking it', async () => {
    const probe = await holdPort('127.0.0.1');
    await close(probe);
    await checkPortFree(sitePort(probe.port));
    const after = net.createServer();
    await expect(
      new Promise<void>((resolve, reject) => {
        after.once('error', reject);
        after.listen({ port: probe.port, host: '127.0.0.1' }, () => resolve());
      }),
    ).resolves.toBeUndefined();
    await close(after);
  });
});

describe('explainListenError', () => {
  it('turns a listen that found the port taken after the check into the same message', async () => {
    const other = await holdPort('127.0.0.1');
    const late = net.createServer();
    const error = await new Promise<Error>((resolve) => {
      late.once('error', resolve);
      late.listen({ port: other.port, host: '127.0.0.1' });
    });
    await close(other);
    expect((explainListenError(error, sitePort(other.port)) as Error).message).toMatch(
      new RegExp(`^Port ${other.port} is in use \\(by another npm start\\?\\)`),
    );
    const unrelated = new Error('database locked');
    expect(explainListenError(unrelated, sitePort(other.port))).toBe(unrelated);
  });
});
