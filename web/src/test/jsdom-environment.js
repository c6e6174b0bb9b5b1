// jsdom lacks the Fetch API classes that react-router's data router uses (Request, Headers...).
// Node has them; hand the test window Node's versions, with Node's AbortController so that
// a Request built with a router abort signal accepts it.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    // FormData, Blob and File stay jsdom's: the DOM (file inputs, canvas) produces those.
    for (const name of [
      'Request',
      'Response',
      'Headers',
      'AbortController',
      'AbortSignal',
      'ReadableStream',
      'TextEncoder',
      'TextDecoder',
    ]) {
      if (name in globalThis) this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithFetch;
