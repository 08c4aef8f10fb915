// The async boundary: shared modules are negotiated before any app code runs.
// Named: the site server preloads this chunk group (shared/build/preload-list-plugin.mjs).
let started = false;
const start = (): void => {
  if (started) return;
  started = true;
  void import(/* webpackChunkName: "bootstrap" */ './bootstrap');
};
if (document.getElementById('root')?.firstElementChild) {
  // A server-rendered page paints before its code runs: on a slow phone the code's evaluation and
  // hydration would otherwise take the main thread before the first frame. A hidden tab draws no frame,
  // so a timer starts it there.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 100);
} else {
  start();
}
