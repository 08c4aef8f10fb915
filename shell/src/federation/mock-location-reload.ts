/**
 * Test support: stands in for `window.location.reload`. jsdom 26 makes `window.location` and its
 * `reload` non-configurable and read-only, so neither can be replaced; the `Location` object
 * forwards `reload()` to its implementation object, and that is where the mock goes.
 */
export function mockLocationReload(): { reload: jest.Mock; restore: () => void } {
  const implSymbol = Object.getOwnPropertySymbols(window.location).find(
    (symbol) => symbol.description === 'impl',
  );
  if (!implSymbol) throw new Error('This jsdom has no Location implementation object to stub reload on.');
  const impl = (window.location as unknown as Record<symbol, { reload?: () => void }>)[implSymbol]!;
  const reload = jest.fn();
  impl.reload = reload;
  return { reload, restore: () => delete impl.reload };
}
