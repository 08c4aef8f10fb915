// Development servers only (shared/build/webpack.mjs adds it before React Fast Refresh's entry).
// Every app's bundle brings its own React Refresh runtime, and a remote's starts after the
// shell's React has registered with the page's React DevTools hook. Without DevTools installed,
// the first runtime makes a stand-in hook that does not keep that registration, so a remote's
// runtime would never find React and would apply its edits without re-rendering. This stand-in
// keeps it (`renderers`), as DevTools' own hook does, so each app's runtime finds React.
if (typeof window !== 'undefined' && window.__REACT_DEVTOOLS_GLOBAL_HOOK__ === undefined) {
  const renderers = new Map();
  let nextId = 0;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers,
    supportsFiber: true,
    inject(renderer) {
      nextId += 1;
      renderers.set(nextId, renderer);
      return nextId;
    },
    onScheduleFiberRoot() {},
    onCommitFiberRoot() {},
    onCommitFiberUnmount() {},
  };
}
