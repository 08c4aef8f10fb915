// The async boundary: shared modules are negotiated before any app code runs.
// Named: the site server preloads this chunk group (shared/build/preload-list-plugin.mjs).
void import(/* webpackChunkName: "bootstrap" */ './bootstrap');
