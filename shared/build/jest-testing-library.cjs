// Queries that wait (findBy…, waitFor) wait for the page's state, up to a ceiling that a loaded two-core
// machine does not reach by chance; a test that never sees its state still fails.
const { configure } = require('@testing-library/react');

configure({ asyncUtilTimeout: 10_000 });
