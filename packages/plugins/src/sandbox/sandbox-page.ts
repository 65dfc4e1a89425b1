import { FRAME_BOOTSTRAP } from './frame-bootstrap.js';

/**
 * The page the sandbox iframe loads (`GET /cloud-api/plugins/sandbox`): no content, one inline script
 * (the frame bootstrap), and a policy that lets exactly that script run and nothing load.
 */

/** The inline script, byte for byte; its SHA-256 (base64) goes into the page's policy. */
export const SANDBOX_SCRIPT: string = FRAME_BOOTSTRAP;

export function sandboxPageHtml(): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Kerf plugin sandbox</title></head><body><script>${SANDBOX_SCRIPT}</script></body></html>`;
}

/**
 * The page's Content-Security-Policy, given the base64 SHA-256 of SANDBOX_SCRIPT:
 * - `default-src 'none'`: nothing loads or connects (fetch, WebSocket, images, fonts, styles);
 * - `script-src` the one hash: no other inline script, no eval, no WebAssembly, and (as a worker made
 *   from a blob keeps its maker's policy) no importScripts or eval in the plugin's worker either;
 * - `worker-src blob:`: the plugin's worker, made from a blob, and nothing else;
 * - `frame-ancestors 'self'`: only Kerf's own pages may frame it;
 * - `sandbox allow-scripts`: the page has an opaque origin even when opened on its own, not framed
 *   (no cookies, no storage, not Kerf's origin); the iframe's `sandbox` attribute says the same;
 * - `base-uri`, `form-action`: nothing to point elsewhere.
 */
export function sandboxPolicy(scriptHashBase64: string): string {
  return [
    "default-src 'none'",
    `script-src 'sha256-${scriptHashBase64}'`,
    'worker-src blob:',
    "frame-ancestors 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    'sandbox allow-scripts',
  ].join('; ');
}
