// react-router 7 needs the encoders that jsdom leaves out.
const { TextDecoder, TextEncoder } = require('node:util');

Object.assign(globalThis, { TextDecoder, TextEncoder });
