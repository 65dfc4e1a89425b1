import { describe, expect, it } from 'vitest';
import { clientKind } from './user-agent.js';

describe('browser and system from a user agent', () => {
  it('names the common browsers and systems, with the major version', () => {
    expect(
      clientKind(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toEqual({ browser: 'Microsoft Edge 131', os: 'Windows 10' });
    expect(
      clientKind(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      ),
    ).toEqual({ browser: 'Safari 17', os: 'macOS' });
    expect(
      clientKind(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x18003231) NetType/WIFI Language/zh_CN',
      ),
    ).toEqual({ browser: 'WeChat 8', os: 'iOS 17.5' });
    expect(
      clientKind(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome 140', os: 'Linux' });
  });

  it('answers blanks for a script or no agent at all', () => {
    expect(clientKind('node')).toEqual({ browser: '', os: '' });
    expect(clientKind(null)).toEqual({ browser: '', os: '' });
    expect(clientKind('')).toEqual({ browser: '', os: '' });
  });
});
