import { readingMinutes, renderMarkdown } from './markdown';

describe('renderMarkdown', () => {
  it('gives headings unique ids and collects h2/h3 as the table of contents', () => {
    const { html, toc, headings } = renderMarkdown(
      '# Title\n\n## Care & *cleaning*\n\ntext\n\n### Dust\n\n## Care & cleaning\n\n#### Deep\n',
    );
    expect(toc).toEqual([
      { id: 'care-cleaning', depth: 2, text: 'Care & cleaning' },
      { id: 'dust', depth: 3, text: 'Dust' },
      { id: 'care-cleaning-2', depth: 2, text: 'Care & cleaning' },
    ]);
    expect(headings).toEqual(['Title', 'Care & cleaning', 'Dust', 'Care & cleaning', 'Deep']);
    expect(html).toContain('<h2 id="care-cleaning">Care &amp; <em>cleaning</em></h2>');
    expect(html).toContain('<h4 id="deep">Deep</h4>');
  });

  it('strips scripts, event handlers, javascript: URLs, frames, forms and foreign images from a hostile document', () => {
    const hostile = [
      'Hello <script>alert("x")</script> there.',
      '',
      '<img src="/cover.svg" onerror="alert(1)" alt="ok"> <img src="https://evil.example/x.png" alt="remote">',
      '',
      '[click](javascript:alert(1)) <a href="JaVaScRiPt:alert(2)">raw</a> <a href="data:text/html,<b>x</b>">data</a>',
      '',
      '<iframe src="https://evil.example"></iframe>',
      '',
      '<div onclick="steal()" style="position:fixed">box</div><form action="/x"><input name="a"></form>',
      '',
      '<svg><script>alert(3)</script></svg><object data="x"></object><style>body{display:none}</style>',
      '',
      '<p onmouseover="x()">para</p> <a href="https://example.org" target="_blank">out</a> <a href="/blog/x">in</a>',
    ].join('\n');
    const { html, text } = renderMarkdown(hostile);
    expect(html).not.toMatch(/<script|<iframe|<object|<svg|<style|<form|<input/i);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(html).not.toMatch(/href="(javascript|data):/i);
    // markdown-it refuses the javascript: link outright: it stays as inert text.
    expect(html).toContain('[click](javascript:alert(1))');
    expect(html).not.toContain('evil.example');
    expect(html).not.toContain('style=');
    expect(html).toContain('<img src="/cover.svg" alt="ok" />');
    expect(html).toContain('<a href="https://example.org" rel="noopener noreferrer">out</a>');
    expect(html).toContain('<a href="/blog/x">in</a>');
    expect(html).toContain('<div>box</div>');
    expect(text).not.toContain('alert("x")');
    expect(text).not.toContain('alert(3)');
  });

  it('keeps tables, code and lists, and their text for search', () => {
    const { html, text, words } = renderMarkdown(
      '| Figure | Odds |\n|:--|--:|\n| Moon Stag | 0.69% |\n\n- one\n- two\n\n```\ncode here\n```\n',
    );
    expect(html).toContain('<th style="text-align:left">Figure</th>');
    expect(html).toContain('<pre><code>code here\n</code></pre>');
    expect(text).toBe('Figure Odds Moon Stag 0.69% one two code here');
    expect(words).toBe(9);
  });
});

describe('readingMinutes', () => {
  it('rounds up at 220 words a minute, at least one', () => {
    expect(readingMinutes(0)).toBe(1);
    expect(readingMinutes(220)).toBe(1);
    expect(readingMinutes(221)).toBe(2);
    expect(readingMinutes(900)).toBe(5);
  });
});
