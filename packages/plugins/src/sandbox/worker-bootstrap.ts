import { ERROR_DETAIL_MAX, FONT_FAMILY_MAX, MEASURE_TEXT_MAX } from './protocol.js';

/**
 * The first lines of every plugin worker: the sandbox iframe builds the worker's script as this text
 * followed by the plugin's entry script, so it runs before any plugin code and the plugin runs as
 * ordinary (sloppy-mode) script code that sees `kerf` as a global.
 *
 * What it does, in order:
 * 1. keeps for itself the few built-ins it needs later (the plugin may replace or poison the global
 *    ones: `Array.prototype`, `JSON`, `Promise`… are the plugin's to spoil, not ours to use). A
 *    plugin's top-level `function JSON() {}` is created before any line of the script runs; what the
 *    bootstrap then keeps lacks the methods it needs, and the run fails rather than escapes;
 * 2. removes `postMessage` and every way out of the worker from the global object and its prototype
 *    chain, so the plugin can answer only through `kerf.register({ run })` (the iframe's policy already
 *    blocks the network; this also leaves nothing to try);
 * 3. on the iframe's `run` message, calls `run(params, context)` (sync or async) and sends back the
 *    answer as JSON text made by a budgeted walk that stops as soon as the text passes the size limit,
 *    so a huge answer (a gigabyte of repeated references) is refused without ever being built.
 *
 * Only plain data may be answered: objects, arrays, strings, finite numbers, booleans and null
 * (`undefined` is left out of objects and is `null` in arrays, as JSON does).
 *
 * The text refers to the global object only as `self`, so a test can run it with `new Function('self',
 * WORKER_BOOTSTRAP + code)` and a stand-in global.
 */
export const WORKER_BOOTSTRAP: string = String.raw`var kerf = (function (scope) {
  'use strict';
  var post = scope.postMessage.bind(scope);
  var listen = scope.addEventListener.bind(scope);
  var apply = Reflect.apply;
  var removeProperty = Reflect.deleteProperty;
  var protoOf = Object.getPrototypeOf;
  var keysOf = Object.keys;
  var objectCreate = Object.create;
  var freeze = Object.freeze;
  var isArray = Array.isArray;
  var isFiniteNumber = Number.isFinite;
  var stringify = JSON.stringify;
  var objectProto = Object.prototype;
  var uncurry = Function.prototype.bind.bind(Function.prototype.call);
  var charCodeAt = uncurry(String.prototype.charCodeAt);
  var sliceText = uncurry(String.prototype.slice);
  var then = uncurry(Promise.prototype.then);
  var resolved = Promise.resolve.bind(Promise);
  var PromiseOf = Promise;
  var TypeErrorOf = TypeError;
  var ErrorOf = Error;
  var DETAIL_MAX = ${ERROR_DETAIL_MAX};
  var MEASURE_TEXT_MAX = ${MEASURE_TEXT_MAX};
  var FAMILY_MAX = ${FONT_FAMILY_MAX};
  // deep enough for any document Kerf reads (256 levels of groups, two JSON levels each)
  var DEPTH_MAX = 600;

  // Every way out of a worker, and the channels concurrent plugins could share (same opaque origin).
  var OUTSIDE = ['postMessage', 'fetch', 'XMLHttpRequest', 'WebSocket', 'WebTransport', 'EventSource',
    'importScripts', 'Worker', 'SharedWorker', 'BroadcastChannel', 'indexedDB', 'caches', 'navigator',
    'cookieStore', 'requestFileSystem', 'webkitRequestFileSystem', 'webkitResolveLocalFileSystemURL'];
  for (var level = scope; level !== null && level !== objectProto; level = protoOf(level)) {
    for (var n = 0; n < OUTSIDE.length; n++) removeProperty(level, OUTSIDE[n]);
  }
  if (scope.postMessage !== undefined || scope.fetch !== undefined || scope.importScripts !== undefined) {
    throw new ErrorOf('the plugin sandbox could not close the worker');
  }

  var plugin = null;
  var finished = false;
  var calls = createBare();
  var nextCall = 0;

  // an object with no prototype: nothing the plugin adds to Object.prototype reaches it
  function createBare() {
    return objectCreate(null);
  }

  function finish(message) {
    if (finished) return;
    finished = true;
    post(message);
  }

  function fail(kind, detail) {
    finish({ type: 'error', kind: kind, detail: detail });
  }

  function describe(error) {
    var text;
    try {
      if (error !== null && typeof error === 'object' && typeof error.message === 'string') {
        var name = typeof error.name === 'string' && error.name !== 'Error' ? sliceText(error.name, 0, 40) + ': ' : '';
        text = name + error.message;
      } else {
        text = '' + error;
      }
    } catch (e) {
      text = 'an error that cannot be shown';
    }
    if (typeof text !== 'string') text = 'an error that cannot be shown';
    return text.length > DETAIL_MAX ? sliceText(text, 0, DETAIL_MAX) + '\u2026' : text;
  }

  // Bytes of JSON text in UTF-8: well-formed JSON.stringify escapes lone surrogates, so a surrogate
  // here is half of a pair (4 bytes a pair).
  function utf8Length(text) {
    var bytes = 0;
    for (var i = 0; i < text.length; i++) {
      var c = charCodeAt(text, i);
      bytes += c < 0x80 ? 1 : c < 0x800 || (c >= 0xd800 && c <= 0xdfff) ? 2 : 3;
    }
    return bytes;
  }

  function Refusal(kind, detail) {
    this.kind = kind;
    this.detail = detail;
  }

  // The answer as JSON text, refused (a Refusal) as soon as it would pass budget bytes.
  function encode(answer, budget) {
    var text = '';
    var used = 0;
    var tooLarge = new Refusal('tooLarge', 'the answer is larger than ' + budget + ' bytes');
    // where the walk is, for the message of a refusal: trail[1..depth] are keys and indexes
    var trail = createBare();
    function refuse(depth, what) {
      var at = '';
      for (var d = 1; d <= depth && at.length < 200; d++) {
        at += typeof trail[d] === 'number' ? '[' + trail[d] + ']' : (at ? '.' : '') + trail[d];
      }
      if (at.length > 200) at = sliceText(at, 0, 200) + '\u2026';
      return new Refusal('invalid', (at || 'the answer') + ' ' + what);
    }
    function add(piece, bytes) {
      used += bytes;
      if (used > budget) throw tooLarge;
      text += piece;
    }
    function addString(value) {
      if (value.length > budget - used) throw tooLarge;
      var quoted = stringify(value);
      add(quoted, utf8Length(quoted));
    }
    function visit(value, depth) {
      if (value === null) return add('null', 4);
      var type = typeof value;
      if (type === 'string') return addString(value);
      if (type === 'boolean') return value ? add('true', 4) : add('false', 5);
      if (type === 'number') {
        if (!isFiniteNumber(value)) throw refuse(depth, 'is not a finite number');
        var digits = '' + value;
        return add(digits, digits.length);
      }
      if (type !== 'object') throw refuse(depth, 'is a ' + type + ', not plain data');
      if (depth >= DEPTH_MAX) throw refuse(depth, 'is nested too deeply');
      if (isArray(value)) {
        var length = value.length;
        // each item takes at least one byte, and its comma another
        if (length * 2 > budget - used) throw tooLarge;
        add('[', 1);
        for (var i = 0; i < length; i++) {
          if (i > 0) add(',', 1);
          var item = value[i];
          trail[depth + 1] = i;
          visit(item === undefined ? null : item, depth + 1);
        }
        return add(']', 1);
      }
      var proto = protoOf(value);
      if (proto !== objectProto && proto !== null) {
        throw refuse(depth, 'is an object made by a class or a built-in, not plain data');
      }
      var keys = keysOf(value);
      add('{', 1);
      var first = true;
      for (var k = 0; k < keys.length; k++) {
        var key = keys[k];
        var member = value[key];
        if (member === undefined) continue;
        if (!first) add(',', 1);
        first = false;
        addString(key);
        add(':', 1);
        trail[depth + 1] = key;
        visit(member, depth + 1);
      }
      return add('}', 1);
    }
    visit(answer, 0);
    return text;
  }

  function deliver(answer, limits) {
    var json;
    try {
      json = encode(answer, limits.answerMaxBytes);
    } catch (e) {
      if (e instanceof Refusal) return fail(e.kind, e.detail);
      return fail('failed', describe(e));
    }
    finish({ type: 'answer', json: json });
  }

  function measureText(text, font) {
    return new PromiseOf(function (ok, refuse) {
      // refused here, so a huge text is never copied out of the worker
      if (typeof text === 'string' && text.length > MEASURE_TEXT_MAX) {
        return refuse(new ErrorOf('measureText measures at most ' + MEASURE_TEXT_MAX + ' characters'));
      }
      var callId = ++nextCall;
      calls[callId] = { ok: ok, refuse: refuse };
      var spec = font !== null && typeof font === 'object' ? font : {};
      // primitives only: the plugin's own objects (getters, proxies) never reach structured cloning
      var family = spec.family;
      var size = spec.size;
      var weight = spec.weight === undefined ? 400 : spec.weight;
      var style = spec.style === undefined ? 'normal' : spec.style;
      var args = [
        typeof text === 'string' ? text : null,
        {
          family: typeof family === 'string' && family.length <= FAMILY_MAX ? family : null,
          size: typeof size === 'number' ? size : null,
          weight: typeof weight === 'number' ? weight : null,
          style: typeof style === 'string' && style.length <= 16 ? style : null
        }
      ];
      post({ type: 'hostCall', callId: callId, method: 'measureText', args: args });
    });
  }

  function start(request) {
    if (plugin === null) return fail('failed', 'the plugin did not call kerf.register({ run })');
    var raw = request.context;
    var context = { locale: raw.locale, workArea: raw.workArea, measureText: measureText };
    if (raw.selection !== undefined) context.selection = raw.selection;
    var result;
    try {
      result = apply(plugin.run, plugin.self, [request.params, context]);
    } catch (e) {
      return fail('failed', describe(e));
    }
    then(
      resolved(result),
      function (answer) { deliver(answer, request.limits); },
      function (e) { fail('failed', describe(e)); }
    );
  }

  function settle(reply) {
    var call = calls[reply.callId];
    if (call === undefined) return;
    delete calls[reply.callId];
    if (reply.ok === true) call.ok(reply.value);
    else call.refuse(new ErrorOf(typeof reply.error === 'string' ? reply.error : 'the host call failed'));
  }

  var started = false;
  listen('message', function (event) {
    var data = event.data;
    if (data === null || typeof data !== 'object') return;
    if (data.type === 'run' && !started) {
      started = true;
      start(data);
    } else if (data.type === 'hostReply') {
      settle(data);
    }
  });

  function register(module) {
    if (plugin !== null) throw new TypeErrorOf('kerf.register may be called once');
    if (module === null || typeof module !== 'object' || typeof module.run !== 'function') {
      throw new TypeErrorOf('kerf.register needs an object with a run(params, context) function');
    }
    plugin = { run: module.run, self: module };
  }

  return freeze({ register: register });
})(self);
`;
