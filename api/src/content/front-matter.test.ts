import { ContentError, parseFrontMatter } from './front-matter';

const valid =
  '---\ntitle: Caring for figures\ndescription: Dust, light and heat.\ndate: 2025-01-10\ntags: [care, display]\n---\n\n# Body\n';

describe('parseFrontMatter', () => {
  it('parses the fields and defaults the optional ones; dates stay text', () => {
    const { data, body } = parseFrontMatter(valid, 'blog/care.md');
    expect(data).toEqual({
      title: 'Caring for figures',
      description: 'Dust, light and heat.',
      date: '2025-01-10',
      tags: ['care', 'display'],
      draft: false,
    });
    expect(body).toBe('\n# Body\n');
  });

  it('names the file and every wrong field', () => {
    const source =
      '---\ntitle: ""\ndescription: x\ndate: 10/01/2025\ntags: [Not A Slug]\ndraft: maybe\ncolour: red\n---\nBody';
    expect(() => parseFrontMatter(source, 'blog/bad.md')).toThrow(ContentError);
    let message = '';
    try {
      parseFrontMatter(source, 'blog/bad.md');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^blog\/bad\.md: invalid front matter: /);
    expect(message).toContain('title must not be empty');
    expect(message).toContain('date must be a date written YYYY-MM-DD');
    expect(message).toContain('tags.0 must be lower-case letters');
    expect(message).toContain('draft');
    expect(message).toContain('colour');
  });

  it('refuses a file without front matter and broken YAML, saying how to fix it', () => {
    expect(() => parseFrontMatter('# Just markdown', 'pages/x.md')).toThrow(
      'pages/x.md: no front matter. Start the file with a "---" line',
    );
    expect(() => parseFrontMatter('---\ntitle: [unclosed\n---\nx', 'pages/y.md')).toThrow(
      /^pages\/y\.md: the front matter is not valid YAML: /,
    );
  });

  it('refuses a cover that is not one of our SVG assets', () => {
    const source = valid.replace('tags:', 'cover: https://cdn.example/x.png\ntags:');
    expect(() => parseFrontMatter(source, 'blog/c.md')).toThrow('cover must name an SVG in content/assets');
  });
});
