import { API_PREFIX, PLUGIN_PATHS } from '@kerf/contract';
import type { HostToFrame } from '@kerf/plugins/sandbox';

/** The iframe of the plugin sandbox, as PluginSandbox needs it: a way to send and a way to remove it. */
export interface SandboxFrame {
  post(message: HostToFrame): void;
  remove(): void;
}

/** Makes a frame whose messages go to `onMessage`; the frame's first message is `ready`. */
export type SandboxFrameFactory = (onMessage: (data: unknown) => void) => SandboxFrame;

export const SANDBOX_URL = `${API_PREFIX.cloud}${PLUGIN_PATHS.sandbox}`;

/**
 * The sandbox as a hidden iframe on the server's sandbox page. `sandbox="allow-scripts"` without
 * `allow-same-origin` gives it an opaque origin: none of the page's cookies, storage or DOM, whatever
 * runs in it. Kept in the layout at no size rather than `display: none`, which browsers may treat as
 * a frame nobody needs to run promptly. Only messages from this iframe's window are passed on; its
 * origin is opaque, so messages to it go to `'*'`.
 */
export function iframeSandbox(url: string = SANDBOX_URL, host: HTMLElement = document.body): SandboxFrameFactory {
  return (onMessage) => {
    const iframe = document.createElement('iframe');
    iframe.setAttribute('sandbox', 'allow-scripts');
    iframe.setAttribute('referrerpolicy', 'no-referrer');
    iframe.setAttribute('aria-hidden', 'true');
    iframe.setAttribute('data-plugin-sandbox', '');
    iframe.tabIndex = -1;
    iframe.title = 'plugin sandbox';
    iframe.style.cssText = 'position:fixed;left:0;top:0;width:0;height:0;border:0;opacity:0;pointer-events:none';
    const listener = (event: MessageEvent) => {
      if (event.source !== null && event.source === iframe.contentWindow) onMessage(event.data);
    };
    window.addEventListener('message', listener);
    iframe.src = url;
    host.append(iframe);
    return {
      post: (message) => iframe.contentWindow?.postMessage(message, '*'),
      remove() {
        window.removeEventListener('message', listener);
        iframe.remove();
      },
    };
  };
}
