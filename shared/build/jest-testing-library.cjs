// Queries that wait (findBy…, waitFor) wait for the page's state, up to a ceiling that a loaded two-core
// machine does not reach by chance; a test that never sees its state still fails.
const { configure } = require('@testing-library/react');

configure({ asyncUtilTimeout: 10_000 });

// Each test is a new visitor: nothing a previous test stored (the signed-in user id, the answers a
// return visit paints at once) carries over within a file.
beforeEach(() => {
  if (typeof localStorage !== 'undefined') localStorage.clear();
});
