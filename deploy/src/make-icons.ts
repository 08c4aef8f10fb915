/**
 * Makes the site's PNG icons and favicon.ico from deploy/icons/icon.svg (`npm run icons -w deploy`),
 * with the machine's Chromium drawing each size. Run it after changing the drawing and commit the
 * files: the site server only reads them (site-icons.ts).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { pathToFileURL } from 'node:url';
import { ICON_COLOURS, ICON_RENDITIONS, ICONS_DIR } from './site-icons';
import { deployEnvironment } from './config';

const run = promisify(execFile);
const CHROMIUM = deployEnvironment().CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A page that is only the drawing, `size` px square: as drawn (transparent corners), on its colour, or shrunk into the maskable safe zone. */
function page(svg: string, fit: (typeof ICON_RENDITIONS)[number]['fit']): string {
  const scale = fit === 'maskable' ? 80 : 100;
  const background = fit === 'as-drawn' ? 'transparent' : ICON_COLOURS.theme;
  const source = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  return (
    `<!doctype html><html><head><style>html,body{margin:0;height:100%;background:${background}}` +
    `body{display:grid;place-items:center}img{display:block;width:${scale}vmin;height:${scale}vmin}` +
    `</style></head><body><img src="${source}" alt=""></body></html>`
  );
}

/** An .ico holding one PNG (every browser since IE 11 reads PNG entries). */
function icoOf(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size % 256, 6); // width (0 = 256)
  header.writeUInt8(size % 256, 7); // height
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9); // reserved
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // the image starts after this header
  return Buffer.concat([header, png]);
}

async function main(): Promise<void> {
  const svg = await fs.readFile(path.join(ICONS_DIR, 'icon.svg'), 'utf8');
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'arttoy-icons-'));
  try {
    for (const { file, size, fit } of ICON_RENDITIONS) {
      const html = path.join(work, `${file}.html`);
      await fs.writeFile(html, page(svg, fit));
      const out = path.join(ICONS_DIR, file);
      await run(CHROMIUM, [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--hide-scrollbars',
        '--default-background-color=00000000',
        '--force-device-scale-factor=1',
        `--window-size=${size},${size}`,
        `--screenshot=${out}`,
        pathToFileURL(html).href,
      ]);
      console.log(`${file}: ${size}×${size}`);
    }
    await fs.writeFile(
      path.join(ICONS_DIR, 'favicon.ico'),
      icoOf(await fs.readFile(path.join(ICONS_DIR, 'icon-32.png')), 32),
    );
    console.log('favicon.ico: 32×32');
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

await main();
