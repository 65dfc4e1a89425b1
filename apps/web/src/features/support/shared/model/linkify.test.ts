import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('leaves text without addresses as one piece', () => {
    expect(linkify('你好，机器不工作了')).toEqual([{ kind: 'text', text: '你好，机器不工作了' }]);
    expect(linkify('')).toEqual([]);
  });

  it('cuts out http(s) and www. addresses, leaving the sentence’s punctuation outside', () => {
    expect(linkify('see https://kerf.example/help?a=1&b=2. thanks')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://kerf.example/help?a=1&b=2', href: 'https://kerf.example/help?a=1&b=2' },
      { kind: 'text', text: '. thanks' },
    ]);
    expect(linkify('(www.kerf.example)')).toEqual([
      { kind: 'text', text: '(' },
      { kind: 'link', text: 'www.kerf.example', href: 'https://www.kerf.example/' },
      { kind: 'text', text: ')' },
    ]);
  });

  it('stops at Chinese punctuation', () => {
    expect(linkify('打开https://kerf.example/a，然后登录')).toEqual([
      { kind: 'text', text: '打开' },
      { kind: 'link', text: 'https://kerf.example/a', href: 'https://kerf.example/a' },
      { kind: 'text', text: '，然后登录' },
    ]);
  });

  it('never makes a link of other schemes or of markup', () => {
    for (const text of ['javascript:alert(1)', 'data:text/html,<b>x</b>', '<a href="https://x">y</a>']) {
      const links = linkify(text).filter((p) => p.kind === 'link');
      for (const link of links) expect(link.kind === 'link' && link.href.startsWith('https://')).toBe(true);
    }
    expect(linkify('javascript:alert(1)')).toEqual([{ kind: 'text', text: 'javascript:alert(1)' }]);
    expect(linkify('<a href="https://x.example">y</a>')).toEqual([
      { kind: 'text', text: '<a href="' },
      { kind: 'link', text: 'https://x.example', href: 'https://x.example/' },
      { kind: 'text', text: '">y</a>' },
    ]);
  });

  it('keeps every character of the text, in order', () => {
    const text = 'a https://x.example/1 b www.y.example c http://z.example/?q=1!';
    expect(
      linkify(text)
        .map((p) => p.text)
        .join(''),
    ).toBe(text);
  });
});
