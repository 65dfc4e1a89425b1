/**
 * The Content-Security-Policy of the web app's pages (the drive, the share pages, every history-mode
 * path) and its files. What each source is for:
 * - scripts: the built bundle only; `'wasm-unsafe-eval'` lets hash-wasm (upload hashing, in a worker
 *   that gets this same policy with its script) and pdf.js compile WebAssembly, and nothing else.
 * - styles: Ant Design's CSS-in-JS injects `<style>` elements at run time and components set `style`
 *   attributes, so inline styles are allowed; inline scripts are not.
 * - workers: the hash worker and pdf.js's worker are built files; blob: for libraries that spawn one.
 * - images: data: and blob: (thumbnails, canvases, previews); https: for chat-app avatars.
 * - media: blob: for previews played from memory.
 * - connect: our own API, and ws:/wss: for live device updates.
 * - frames: blob: for PDF and text previews; nothing may frame us (`frame-ancestors 'none'`).
 * ONLYOFFICE, when configured, serves its editor script and frame from its own origin.
 */
export function webAppPolicy(options: { onlyofficeUrl?: string } = {}): string {
  const onlyoffice = options.onlyofficeUrl ? [new URL(options.onlyofficeUrl).origin] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", "'wasm-unsafe-eval'", ...onlyoffice],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'", 'blob:'],
    'worker-src': ["'self'", 'blob:'],
    'connect-src': ["'self'", 'ws:', 'wss:', ...onlyoffice],
    'frame-src': ["'self'", 'blob:', ...onlyoffice],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}
