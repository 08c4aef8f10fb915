import fs from 'node:fs/promises';
import path from 'node:path';
import { projectPath } from '@arttoy/api/project-files';

export const NGINX_TEMPLATE = projectPath('deploy/nginx/arttoy.conf.template');

export interface NginxOptions {
  /** The origin folder nginx serves files from (absolute). */
  originDir: string;
  /** The port nginx listens on. */
  port: number;
  /** The site server(s) for documents and the API, as host:port. */
  upstream: string;
  /** Where nginx keeps its pid, logs and temporary files (absolute). */
  runDir: string;
}

/** The nginx configuration for an origin, from deploy/nginx/arttoy.conf.template; refuses values that would break it. */
export async function renderNginxConfig(options: NginxOptions): Promise<string> {
  for (const [name, value] of [
    ['originDir', options.originDir],
    ['runDir', options.runDir],
  ] as const) {
    if (!path.isAbsolute(value) || /[\s;{}'"]/.test(value))
      throw new Error(
        `nginx ${name} must be an absolute path without spaces, quotes, braces or semicolons; got "${value}".`,
      );
  }
  if (!Number.isInteger(options.port) || options.port <= 0 || options.port > 65535)
    throw new Error(`nginx port must be 1-65535; got ${options.port}.`);
  if (!/^[a-z0-9.-]+:\d{1,5}$/i.test(options.upstream))
    throw new Error(`nginx upstream must be host:port; got "${options.upstream}".`);
  const template = await fs.readFile(NGINX_TEMPLATE, 'utf8');
  return template
    .replaceAll('{{ORIGIN_DIR}}', options.originDir)
    .replaceAll('{{RUN_DIR}}', options.runDir)
    .replaceAll('{{PORT}}', String(options.port))
    .replaceAll('{{UPSTREAM}}', options.upstream);
}
