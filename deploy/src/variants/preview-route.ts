/**
 * `/_preview?token=…[&path=/gallery]`: takes a preview link. A valid token becomes the preview
 * cookie (HttpOnly, until the link expires) and the visitor is sent on to the page; from then on
 * every document, render and payload of theirs comes from the link's build. A link that is cut
 * short, forged or expired gets a page that says so (400, 403, 410), and changes nothing.
 * `/_preview/exit[?path=/gallery]` drops the cookie: production again, on that page (home by default).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { serializeCookie } from './cookies';
import { PREVIEW_COOKIE } from './choose-build';
import { verifyPreviewToken } from './preview-token';

const STATUS = { malformed: 400, forged: 403, expired: 410 } as const;

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A small page of its own: a refused link must not look like the site, nor need its build. */
function problemPage(reply: FastifyReply, status: number, title: string, message: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    )
    .type('text/html; charset=utf-8')
    .send(
      [
        '<!doctype html><html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        `<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>`,
        '<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem}</style>',
        `</head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`,
        '<p><a href="/">Go to the site</a></p></body></html>',
      ].join(''),
    );
}

/** Where to go after taking the link: a path on this site (never another origin), the home page by default. */
function landingPath(path: unknown): string | null {
  if (path === undefined) return '/';
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//') || path.includes('\\'))
    return null;
  return path.startsWith('/_preview') ? '/' : path;
}

export interface PreviewRouteOptions {
  secret: string;
  /** Whether the origin holds this build (its manifest reads). */
  hasBuild: (id: string) => Promise<boolean>;
  now?: () => number;
}

export function registerPreviewRoutes(app: FastifyInstance, options: PreviewRouteOptions): void {
  const now = options.now ?? Date.now;
  app.get('/_preview', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const path = landingPath(query.path);
    if (typeof query.token !== 'string' || query.token === '' || path === null)
      return problemPage(
        reply,
        400,
        'Not a preview link',
        'A preview link is /_preview?token=<token>, optionally with &path=/<page on this site>. Ask for a new link.',
      );
    const check = verifyPreviewToken(options.secret, query.token, now());
    if (!check.ok)
      return problemPage(reply, STATUS[check.reason], 'This preview link does not work', check.message);
    if (!(await options.hasBuild(check.claims.build)))
      return problemPage(
        reply,
        404,
        'This preview is gone',
        `The build this link shows (${check.claims.build}) is no longer published. Ask for a new link.`,
      );
    return reply
      .header('cache-control', 'no-store')
      .header(
        'set-cookie',
        serializeCookie(PREVIEW_COOKIE, query.token, {
          maxAge: (check.claims.exp - now()) / 1000,
          httpOnly: true,
          secure: request.protocol === 'https',
        }),
      )
      .redirect(path, 303);
  });
  app.get('/_preview/exit', (request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .header(
        'set-cookie',
        serializeCookie(PREVIEW_COOKIE, '', {
          maxAge: 0,
          httpOnly: true,
          secure: request.protocol === 'https',
        }),
      )
      .redirect(landingPath((request.query as Record<string, unknown>).path) ?? '/', 303),
  );
}
