import {
  type AppName,
  type FieldErrorKind,
  MAX_FIELD_ERRORS,
  MAX_FIELD_VIEWS,
} from '@arttoy/shared/contracts';
import type { FieldError, FieldReport } from '@arttoy/shared/contracts/api';
import { cleanMessage } from './clean-message';

/** The page a batch counts: its route pattern, build and the version of every app on it. */
export interface FieldPage {
  route: string;
  build: string;
  versions: Partial<Record<AppName, string>>;
}

export interface FieldBeaconOptions {
  /** Sends one report; true when the browser took it (sendBeacon's answer). */
  send: (report: FieldReport) => boolean;
  /** How long page views wait for company before they are sent, in ms. */
  viewsAfterMs?: number;
  /** How long an error waits for company: short, a canary is judged on them. */
  errorsAfterMs?: number;
  schedule?: (task: () => void, ms: number) => unknown;
  cancel?: (handle: unknown) => void;
}

/**
 * Batches a page's views and errors into small reports. A batch is one page (route, build,
 * versions) and is sent when the page changes, when it is full, a few seconds after its first
 * error or after its first view, and when the visitor leaves (`flush`). An error of an app that is
 * not on the page (a prefetched remote's code) goes in a report of its own with no page view, so
 * views are never counted for an app the visitor did not see.
 */
export class FieldBeacon {
  private page: FieldPage | null = null;
  private views = 0;
  private errors: FieldError[] = [];
  private timer: unknown = null;
  private timerAt = Infinity;
  private readonly viewsAfterMs: number;
  private readonly errorsAfterMs: number;
  private readonly schedule: (task: () => void, ms: number) => unknown;
  private readonly cancel: (handle: unknown) => void;

  constructor(private readonly options: FieldBeaconOptions) {
    this.viewsAfterMs = options.viewsAfterMs ?? 10_000;
    this.errorsAfterMs = options.errorsAfterMs ?? 1_000;
    this.schedule = options.schedule ?? ((task, ms) => setTimeout(task, ms));
    this.cancel = options.cancel ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  }

  /** A page view of `page`. */
  view(page: FieldPage): void {
    if (!this.samePage(page)) this.flush();
    this.page = page;
    this.views += 1;
    if (this.views >= MAX_FIELD_VIEWS) this.flush();
    else this.sendWithin(this.viewsAfterMs);
  }

  /** An error of `app` (at `version`) on the current page. Dropped before the first page view: it has no page to belong to. */
  error(app: AppName, version: string, kind: FieldErrorKind, message: string): void {
    if (!this.page) return;
    this.errors.push({ app, version, kind, message: cleanMessage(message) });
    if (this.errors.length >= MAX_FIELD_ERRORS) this.flush();
    else this.sendWithin(this.errorsAfterMs);
  }

  /** Sends what is pending now (the visitor leaves, or the page changed). */
  flush(): void {
    if (this.timer !== null) this.cancel(this.timer);
    this.timer = null;
    this.timerAt = Infinity;
    const { page, views, errors } = this;
    this.views = 0;
    this.errors = [];
    if (!page || (views === 0 && errors.length === 0)) return;
    const onPage = errors.filter((error) => page.versions[error.app] === error.version);
    const elsewhere = errors.filter((error) => page.versions[error.app] !== error.version);
    if (views > 0 || onPage.length > 0) this.options.send({ ...page, views, errors: onPage });
    for (const [app, version, group] of byApp(elsewhere))
      this.options.send({
        route: page.route,
        build: page.build,
        versions: { [app]: version },
        views: 0,
        errors: group,
      });
  }

  private samePage(page: FieldPage): boolean {
    const current = this.page;
    if (!current || current.route !== page.route || current.build !== page.build) return false;
    const apps = Object.keys(page.versions) as AppName[];
    return (
      apps.length === Object.keys(current.versions).length &&
      apps.every((app) => current.versions[app] === page.versions[app])
    );
  }

  private sendWithin(ms: number): void {
    if (this.timerAt <= ms) return;
    if (this.timer !== null) this.cancel(this.timer);
    this.timerAt = ms;
    this.timer = this.schedule(() => {
      this.timer = null;
      this.flush();
    }, ms);
  }
}

function byApp(errors: FieldError[]): [AppName, string, FieldError[]][] {
  const groups = new Map<string, [AppName, string, FieldError[]]>();
  for (const error of errors) {
    const key = `${error.app} ${error.version}`;
    const group = groups.get(key) ?? [error.app, error.version, []];
    group[2].push(error);
    groups.set(key, group);
  }
  return [...groups.values()];
}
