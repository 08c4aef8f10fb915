/**
 * The build each visitor is served (deploy/src/site-server.ts asks once per request): the stable
 * build, a running canary's candidate for the visitor's share, or a preview link's build. Every
 * answer made from a build (the document, its server render, `_payload.json`, an error page) uses
 * the visitor's, and the document names it, so the browser hydrates with the same build.
 */
import type { BuildMeta } from '@arttoy/shared/contracts';
import { readCookie, serializeCookie } from './cookies';
import { buildStore, productionReader, type ServedBuild } from './builds';
import {
  chooseBuild,
  isVisitorId,
  newVisitorId,
  PREVIEW_COOKIE,
  VISITOR_COOKIE,
  VISITOR_COOKIE_SECONDS,
  type BuildChannel,
} from './choose-build';
import { verifyPreviewToken, type PreviewClaims } from './preview-token';

export { BUILDS_KEPT, type ServedBuild } from './builds';
export { canaryBucket, chooseBuild, PREVIEW_COOKIE, VISITOR_COOKIE, type BuildChannel } from './choose-build';
export { signPreviewToken, verifyPreviewToken, type PreviewClaims } from './preview-token';
export { deployStateDir, previewSecret } from './preview-secret';

export interface VisitorBuild {
  build: ServedBuild;
  channel: BuildChannel;
  /** Never for a shared cache: the answer depends on the visitor (a preview, a canary running, a cookie set). */
  personal: boolean;
  /** `Set-Cookie` values for a document: a new visitor's id, or a preview cookie cleared. */
  setCookies: string[];
}

export interface VisitorBuildsOptions {
  origin: string;
  /** The preview secret (previewSecret). */
  secret: string;
  warn: (message: string) => void;
  /** Hears of each build read (to load its server containers early). */
  onNewBuild: (meta: BuildMeta) => void;
  now?: () => number;
}

export interface VisitorBuilds {
  /** The build for a request with this Cookie header, over TLS or not (the cookies' Secure flag). */
  (cookieHeader: string | undefined, secure: boolean): Promise<VisitorBuild>;
  /** Production's stable build. */
  stable: () => Promise<ServedBuild>;
  /** A build by id (a preview link's, to check it exists before the link is taken). */
  byId: (id: string) => Promise<ServedBuild>;
}

export function visitorBuilds(options: VisitorBuildsOptions): VisitorBuilds {
  const now = options.now ?? Date.now;
  const production = productionReader(options.origin);
  const byId = buildStore(options.origin, options.warn, options.onNewBuild);

  const choose = async (cookieHeader: string | undefined, secure: boolean): Promise<VisitorBuild> => {
    const pointer = await production();
    const setCookies: string[] = [];
    let preview: PreviewClaims | null = null;
    const token = readCookie(cookieHeader, PREVIEW_COOKIE);
    if (token !== null) {
      const check = verifyPreviewToken(options.secret, token, now());
      if (check.ok) preview = check.claims;
      // An expired or foreign preview cookie is dropped: this visitor sees production again.
      else setCookies.push(serializeCookie(PREVIEW_COOKIE, '', { maxAge: 0, httpOnly: true, secure }));
    }
    // The visitor id is given while a canary runs (its documents are private then anyway): with no
    // canary, documents set no cookie and stay the same for everyone.
    let visitorId = readCookie(cookieHeader, VISITOR_COOKIE);
    if (!isVisitorId(visitorId) && pointer.canary && !preview) {
      visitorId = newVisitorId();
      setCookies.push(
        serializeCookie(VISITOR_COOKIE, visitorId, {
          maxAge: VISITOR_COOKIE_SECONDS,
          httpOnly: true,
          secure,
        }),
      );
    }
    const choice = chooseBuild({ production: pointer, preview, visitorId: visitorId ?? '' });
    const personal = choice.personal || setCookies.length > 0;
    if (choice.id === pointer.id)
      return { build: await byId(pointer.id), channel: choice.channel, personal, setCookies };
    try {
      return { build: await byId(choice.id), channel: choice.channel, personal, setCookies };
    } catch (error) {
      // A canary or preview build that cannot be read costs its visitors the trial, never the page.
      options.warn(
        `[variants] the ${choice.channel} build ${choice.id} cannot be read, so the stable build ${pointer.id} is served instead: ${error instanceof Error ? error.message : String(error)}`,
      );
      return { build: await byId(pointer.id), channel: 'stable', personal, setCookies };
    }
  };

  return Object.assign(choose, {
    stable: async () => byId((await production()).id),
    byId,
  });
}
