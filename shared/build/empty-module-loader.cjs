// Stylesheets in the server build: the server renders markup; the browser build carries the styles.
module.exports = function emptyModule() {
  return 'export {};';
};
