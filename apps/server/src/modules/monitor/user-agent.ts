import Bowser from 'bowser';

export interface ClientKind {
  /** `Chrome 131`, `WeChat 8`; empty when the agent names no browser (a script, a client library). */
  browser: string;
  /** `Windows 10`, `iOS 17.5`, `Android 14`, `macOS`; empty when unknown. */
  os: string;
}

/** The major version: `131.0.0.0` → `131`. */
const major = (version: string | undefined) => version?.split('.')[0] ?? '';

/**
 * The browser and operating system a User-Agent header names, read by bowser. macOS is given without
 * a version: browsers have long sent a frozen one (10.15.7), so it would only mislead.
 */
export function clientKind(userAgent: string | null | undefined): ClientKind {
  if (!userAgent) return { browser: '', os: '' };
  const parser = Bowser.getParser(userAgent);
  const browser = parser.getBrowser();
  const os = parser.getOS();
  const osVersion = os.name === 'Windows' ? os.versionName : os.name === 'macOS' ? undefined : os.version;
  return {
    browser: [browser.name, major(browser.version)].filter(Boolean).join(' '),
    os: [os.name, osVersion].filter(Boolean).join(' '),
  };
}
