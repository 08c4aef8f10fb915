import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ICON_RENDITIONS, ICONS_DIR, readSiteIcons } from './site-icons';

/** A PNG's width and height, from its header (IHDR). */
function pngSize(body: Buffer): [number, number] {
  expect(body.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [body.readUInt32BE(16), body.readUInt32BE(20)];
}

describe('the site icons', () => {
  it('are the committed files, each PNG the size its name promises, favicon.ico a 32 px PNG inside an icon', async () => {
    const icons = await readSiteIcons();
    for (const { file, size } of ICON_RENDITIONS) {
      const body = icons.files.get(icons.urls[file])?.body;
      expect(body && pngSize(body)).toEqual([size, size]);
    }
    const ico = icons.files.get('/favicon.ico')?.body ?? Buffer.alloc(0);
    expect([ico.readUInt16LE(2), ico.readUInt16LE(4), ico.readUInt8(6)]).toEqual([1, 1, 32]);
    expect(pngSize(ico.subarray(ico.readUInt32LE(18)))).toEqual([32, 32]);
    expect(icons.files.get(icons.urls['icon.svg'])?.body.toString('utf8')).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/,
    );
  });

  it('name every file by a hash of its bytes, so a new drawing is a new URL cached for a year', async () => {
    const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'arttoy-icons-'));
    try {
      await fs.cp(ICONS_DIR, tmp, { recursive: true });
      const before = await readSiteIcons(tmp);
      await fs.appendFile(path.join(tmp, 'icon.svg'), '<!-- redrawn -->\n');
      const after = await readSiteIcons(tmp);
      expect(after.urls['icon.svg']).not.toBe(before.urls['icon.svg']);
      expect(after.urls['icon-32.png']).toBe(before.urls['icon-32.png']);
      // The manifest names the SVG: it changes with it.
      expect(after.urls['site.webmanifest']).not.toBe(before.urls['site.webmanifest']);
      for (const url of Object.values(after.urls)) {
        expect(url).toMatch(/^\/icons\/[a-z0-9-]+\.[0-9a-f]{12}\.(svg|png|ico|webmanifest)$/);
        expect(after.files.get(url)?.cacheControl).toBe('public, max-age=31536000, immutable');
      }
    } finally {
      await fs.rm(tmp, { recursive: true, force: true });
    }
  });

  it('make a web app manifest whose icons are served files, a maskable one among them', async () => {
    const icons = await readSiteIcons();
    const manifest = icons.files.get(icons.urls['site.webmanifest']);
    expect(manifest?.type).toBe('application/manifest+json');
    const parsed = JSON.parse(manifest?.body.toString('utf8') ?? '{}') as {
      name: string;
      start_url: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(parsed).toMatchObject({ name: 'ArtToy Club', start_url: '/', display: 'standalone' });
    for (const icon of parsed.icons) expect(icons.files.get(icon.src)?.type).toBe(icon.type);
    expect(parsed.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      'any any',
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
  });

  it('say what to do when a file is missing', async () => {
    const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'arttoy-icons-'));
    try {
      await fs.copyFile(path.join(ICONS_DIR, 'icon.svg'), path.join(tmp, 'icon.svg'));
      await expect(readSiteIcons(tmp)).rejects.toThrow(
        /favicon\.ico could not be read .*run npm run icons -w deploy/,
      );
    } finally {
      await fs.rm(tmp, { recursive: true, force: true });
    }
  });
});
