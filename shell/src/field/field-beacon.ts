import {
  type AppName,
  type FieldErrorKind,
  MAX_FIELD_ERRORS,
  MAX_FIELD_VIEWS,
} from '@arttoy/shared/contracts';
import type { FieldError, FieldReport, FieldVital } from '@arttoy/shared/contracts/api';
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
 *
 * Web vitals belong to the page the document brought (web-vitals measures the page load, not the
 * client navigations after it). They start no timer of their own: they ride with the next report
 * of their page, or in one of their own when the visitor has moved on, at the latest when the page
 * is hidden, the moment web-vitals settles CLS and INP anyway.
 */
export class FieldBeacon {
  private page: FieldPage | null = null;
  private views = 0;
  private errors: FieldError[] = [];
  private vitalsPage: FieldPage | null = null;
  private vitals: FieldVital[] = [];
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

  /** A web vital of the page load, whose page is `page` (the page the document brought). */
  vital(page: FieldPage, vital: FieldVital): void {
    if (this.vitalsPage && !samePage(this.vitalsPage, page)) this.flush();
    this.vitalsPage = page;
    this.vitals = [...this.vitals.filter((kept) => kept.name !== vital.name), vital];
  }

  /** Sends what is pending now (the visitor leaves, or the page changed). */
  flush(): void {
    if (this.timer !== null) this.cancel(this.timer);
    this.timer = null;
    this.timerAt = Infinity;
    const { page, views, errors, vitalsPage, vitals } = this;
    this.views = 0;
    this.errors = [];
    this.vitals = [];
    const vitalsHere =
      vitals.length > 0 && page !== null && vitalsPage !== null && samePage(page, vitalsPage);
    if (vitals.length > 0 && vitalsPage && !vitalsHere)
      this.options.send({ ...vitalsPage, views: 0, errors: [], vitals });
    if (!page || (views === 0 && errors.length === 0 && !vitalsHere)) return;
    const onPage = errors.filter((error) => page.versions[error.app] === error.version);
    const elsewhere = errors.filter((error) => page.versions[error.app] !== error.version);
    if (views > 0 || onPage.length > 0 || vitalsHere)
      this.options.send({ ...page, views, errors: onPage, ...(vitalsHere ? { vitals } : {}) });
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
    return this.page !== null && samePage(this.page, page);
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

function samePage(a: FieldPage, b: FieldPage): boolean {
  if (a.route !== b.route || a.build !== b.build) return false;
  const apps = Object.keys(b.versions) as AppName[];
  return (
    apps.length === Object.keys(a.versions).length && apps.every((app) => a.versions[app] === b.versions[app])
  );
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
