import { describe, expect, it } from 'vitest';
import { markdownToHtml, renderMarkdown } from './markdown-render';

describe('markdown rendering', () => {
  it('speaks GitHub-flavoured markdown: headings, tables, task lists, code, strike-through', () => {
    const html = markdownToHtml(
      ['# Plan', '', '| a | b |', '|---|---|', '| 1 | 2 |', '', '- [x] cut', '', '```js', 'x()', '```', '~~old~~'].join(
        '\n',
      ),
    );
    expect(html).toContain('<h1>Plan</h1>');
    expect(html).toContain('<table>');
    expect(html).toContain('type="checkbox"');
    expect(html).toContain('<code class="language-js">');
    expect(html).toContain('<del>old</del>');
  });

  it('fails closed where no sanitiser can run: the text escaped, no markup', () => {
    const html = renderMarkdown('# hi <img src=x onerror=alert(1)>');
    expect(html).toBe('<pre># hi &lt;img src=x onerror=alert(1)&gt;</pre>');
  });
});
