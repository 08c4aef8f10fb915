/**
 * A server's port, checked before anything starts (the database, the Auth emulator): a busy port
 * otherwise shows as a raw EADDRINUSE once all of that has started, and has to be stopped again.
 */
import dns from 'node:dns/promises';
import net from 'node:net';

export interface PortSetting {
  port: number;
  /** The host the server will listen on; a name is checked on every address it resolves to, as Fastify listens on each. */
  host: string;
  /** The settings a reader can change: `PORT` and `HOST` for the site server, `API_PORT` and `API_HOST` for the API. */
  portSetting: string;
  hostSetting: string;
  /** How the server is started, for the example in the message (`npm start`). */
  command: string;
}

/** What to do when the port is taken: names the setting, and what probably holds it. */
export function portInUseMessage(setting: PortSetting): string {
  const other = setting.port === 65535 ? setting.port - 1 : setting.port + 1;
  return (
    `Port ${setting.port} is in use (by another ${setting.command}?). Stop it (find it with: lsof -i :${setting.port}) ` +
    `or set ${setting.portSetting} to use another port: ${setting.portSetting}=${other} ${setting.command}.`
  );
}

function listenError(error: NodeJS.ErrnoException, address: string, setting: PortSetting): Error {
  if (error.code === 'EADDRINUSE') return new Error(portInUseMessage(setting));
  if (error.code === 'EACCES') {
    return new Error(
      `Port ${setting.port} needs privileges this process does not have (ports below 1024 do). Set ${setting.portSetting} to a port from 1024 up.`,
    );
  }
  return new Error(
    `Cannot listen on ${address} port ${setting.port} (${error.code ?? error.message}). Check ${setting.hostSetting} (now "${setting.host}") and ${setting.portSetting}.`,
  );
}

/** Resolves when the port is free on every address of the host; rejects with what to do when it is not. */
export async function checkPortFree(setting: PortSetting): Promise<void> {
  const addresses = net.isIP(setting.host)
    ? [setting.host]
    : (await dns.lookup(setting.host, { all: true })).map((entry) => entry.address);
  for (const address of addresses) {
    const error = await probeAt(address, setting.port);
    // An address this machine does not have (::1 without IPv6): Fastify skips it as well.
    if (error && !UNUSABLE_ADDRESS.has(error.code ?? '')) throw listenError(error, address, setting);
  }
}

const UNUSABLE_ADDRESS = new Set(['EADDRNOTAVAIL', 'EAFNOSUPPORT']);

function probeAt(address: string, port: number): Promise<NodeJS.ErrnoException | null> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', (error: NodeJS.ErrnoException) => resolve(error));
    // exclusive: in a cluster worker, a probe must not borrow the primary's handle.
    server.listen({ port, host: address, exclusive: true }, () => server.close(() => resolve(null)));
  });
}

/** The same message for a listen that failed anyway (the port taken between the check and the listen). */
export function explainListenError(error: unknown, setting: PortSetting): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'EADDRINUSE' || code === 'EACCES'
    ? listenError(error as NodeJS.ErrnoException, setting.host, setting)
    : error;
}
