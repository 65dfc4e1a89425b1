import { PLUGIN_LIMITS } from '@kerf/contract';
import { ERROR_DETAIL_MAX, FONT_FAMILY_MAX, MEASURE_TEXT_MAX } from './protocol.js';
import { WORKER_BOOTSTRAP } from './worker-bootstrap.js';

/**
 * The sandbox iframe's only script, inlined in its page and allowed by its hash. The iframe holds no
 * plugin code itself: per run it makes a Blob of the worker bootstrap plus the plugin's entry script,
 * starts a fresh Worker on it, and
 * - ends the worker when the run's time is up (`timeout`), when it answers or fails, and when the host
 *   cancels the run;
 * - relays the worker's host calls (measuring text) to the host, at most PLUGIN_LIMITS.hostCallsMax
 *   per run; one more ends the run (`flood`);
 * - checks the answer's length again before relaying it (the worker's own walk may have been spoiled
 *   by the plugin; the iframe's realm is not the plugin's).
 *
 * It listens to its parent only; the host page is the only window allowed to frame it
 * (`frame-ancestors 'self'`). Its origin is opaque (`sandbox` without `allow-same-origin`), so it
 * cannot tell its parent's origin and answers with `'*'`.
 */

const LIMITS = {
  runMillis: PLUGIN_LIMITS.runMillis,
  hostCallsMax: PLUGIN_LIMITS.hostCallsMax,
  answerMaxBytes: PLUGIN_LIMITS.answerMaxBytes,
  detailMax: ERROR_DETAIL_MAX,
  measureTextMax: MEASURE_TEXT_MAX,
  familyMax: FONT_FAMILY_MAX,
};

/** JSON as script text that cannot end the <script> element it sits in. */
const scriptLiteral = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export const FRAME_BOOTSTRAP: string = String.raw`(function () {
  'use strict';
  var LIMITS = ${scriptLiteral(LIMITS)};
  var WORKER_SOURCE = ${scriptLiteral(WORKER_BOOTSTRAP)};
  var runs = new Map();

  function send(message) {
    parent.postMessage(message, '*');
  }

  function clip(text) {
    if (typeof text !== 'string') return '';
    return text.length > LIMITS.detailMax ? text.slice(0, LIMITS.detailMax) + '\u2026' : text;
  }

  // Ends a run: its worker is terminated and, unless cancelled, the host hears how it ended.
  function end(runId, message) {
    var run = runs.get(runId);
    if (run === undefined) return;
    runs.delete(runId);
    clearTimeout(run.timer);
    run.worker.terminate();
    URL.revokeObjectURL(run.url);
    if (message !== null) send(message);
  }

  function fail(runId, kind, detail) {
    end(runId, { type: 'error', runId: runId, kind: kind, detail: detail });
  }

  function hostCallOf(runId, data) {
    var args = Array.isArray(data.args) ? data.args : [];
    var text = args[0];
    var font = args[1] !== null && typeof args[1] === 'object' ? args[1] : {};
    if (typeof text === 'string' && text.length > LIMITS.measureTextMax) text = null;
    var family = typeof font.family === 'string' && font.family.length <= LIMITS.familyMax ? font.family : null;
    return {
      type: 'hostCall',
      runId: runId,
      callId: data.callId,
      method: 'measureText',
      args: [
        typeof text === 'string' ? text : null,
        {
          family: family,
          size: typeof font.size === 'number' ? font.size : null,
          weight: typeof font.weight === 'number' ? font.weight : null,
          style: typeof font.style === 'string' ? font.style.slice(0, 16) : null
        }
      ]
    };
  }

  function fromWorker(runId, data) {
    var run = runs.get(runId);
    if (run === undefined || data === null || typeof data !== 'object') return;
    if (data.type === 'hostCall' && typeof data.callId === 'number' && data.method === 'measureText') {
      run.hostCalls += 1;
      if (run.hostCalls > LIMITS.hostCallsMax) return fail(runId, 'flood', String(LIMITS.hostCallsMax));
      send(hostCallOf(runId, data));
    } else if (data.type === 'answer') {
      // a string's length in UTF-16 units is at most its UTF-8 bytes; the host counts the bytes
      if (typeof data.json !== 'string' || data.json.length > LIMITS.answerMaxBytes) {
        return fail(runId, 'tooLarge', 'the answer is larger than ' + LIMITS.answerMaxBytes + ' bytes');
      }
      end(runId, { type: 'answer', runId: runId, json: data.json });
    } else if (data.type === 'error') {
      var kind = data.kind === 'tooLarge' || data.kind === 'invalid' ? data.kind : 'failed';
      fail(runId, kind, clip(data.detail));
    }
  }

  function start(request) {
    var runId = request.runId;
    if (runs.has(runId)) return;
    var limit = LIMITS.runMillis;
    if (typeof request.limitMs === 'number' && request.limitMs > 0 && request.limitMs < limit) limit = request.limitMs;
    var url = URL.createObjectURL(new Blob([WORKER_SOURCE, '\n', request.code], { type: 'text/javascript' }));
    var worker;
    try {
      worker = new Worker(url);
    } catch (e) {
      URL.revokeObjectURL(url);
      send({ type: 'error', runId: runId, kind: 'failed', detail: clip('the sandbox could not start a worker: ' + e) });
      return;
    }
    runs.set(runId, {
      worker: worker,
      url: url,
      hostCalls: 0,
      timer: setTimeout(function () { fail(runId, 'timeout', String(limit)); }, limit)
    });
    worker.onmessage = function (event) { fromWorker(runId, event.data); };
    worker.onmessageerror = function () { fail(runId, 'invalid', 'the answer could not be read'); };
    worker.onerror = function (event) {
      event.preventDefault();
      fail(runId, 'failed', clip(event.message || 'the plugin script failed to load or run'));
    };
    worker.postMessage({
      type: 'run',
      params: request.params,
      context: request.context,
      limits: { answerMaxBytes: LIMITS.answerMaxBytes }
    });
  }

  window.addEventListener('message', function (event) {
    if (event.source !== parent || event.source === window) return;
    var data = event.data;
    if (data === null || typeof data !== 'object' || typeof data.runId !== 'string') return;
    if (data.type === 'run' && typeof data.code === 'string') {
      start(data);
    } else if (data.type === 'cancel') {
      end(data.runId, null);
    } else if (data.type === 'hostReply' && typeof data.callId === 'number') {
      var run = runs.get(data.runId);
      if (run === undefined) return;
      run.worker.postMessage(data.ok === true
        ? { type: 'hostReply', callId: data.callId, ok: true, value: data.value }
        : { type: 'hostReply', callId: data.callId, ok: false, error: String(data.error) });
    }
  });

  send({ type: 'ready' });
})();
`;
