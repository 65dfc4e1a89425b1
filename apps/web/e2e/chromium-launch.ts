import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium unless CHROMIUM_PATH names another. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Headless Chromium for the end-to-end specs and the browser benches.
 *
 * The network flags keep Chromium from calling home: this machine's network is closed, and its refused
 * connections cost time at every start. The omnibox features matter most: headless Chromium keeps
 * the browser's own UI, whose WebUI address-bar popup re-renders on every navigation of every page —
 * measured here as over a CPU-second per cold page load, a third of the whole, for nothing a test sees.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}
