// jsdom has no Fetch API, and react-router's data routers build a Request for every navigation
// (createMemoryRouter in tests). Give the window Node's own Fetch classes.
const { TestEnvironment } = require('jest-environment-jsdom');

const FETCH_GLOBALS = ['fetch', 'Request', 'Response', 'Headers'];

module.exports = class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FETCH_GLOBALS) this.global[name] ??= globalThis[name];
  }
};
