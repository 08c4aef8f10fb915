/**
 * ARCHITECTURE.md's folder map stays true: every top-level folder git tracks (dot-folders aside),
 * every npm workspace and every folder of shared/ is named in it, and every folder it names exists.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

/** The folders the map's code block names: `name/` at the start of a line, nested by two-space indents. */
function mappedFolders(markdown: string): Set<string> {
  const section = markdown.split(/^## Folder map$/m)[1];
  if (!section) throw new Error('ARCHITECTURE.md has no "## Folder map" section.');
  const block = /```\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('The folder map section has no code block.');
  const folders = new Set<string>();
  const parents: string[] = [];
  for (const line of block.split('\n')) {
    const match = /^( *)([\w.@-]+(?:\/[\w.@-]+)*\/)(?:\s|$)/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 2;
    parents.length = depth;
    const folder = (parents.at(-1) ?? '') + match[2];
    parents.push(folder);
    folders.add(folder.slice(0, -1));
  }
  return folders;
}

function trackedFolders(): string[] {
  const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n');
  return files.filter((file) => file.includes('/')).map((file) => file.split('/'));
}

const map = mappedFolders(readFileSync(path.join(ROOT, 'ARCHITECTURE.md'), 'utf8'));
const tracked = trackedFolders();
const workspaces: string[] = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).workspaces;

describe("ARCHITECTURE.md's folder map", () => {
  it('names every top-level folder of the repository', () => {
    const topLevel = [...new Set(tracked.map((parts) => parts[0]))].filter((name) => !name.startsWith('.'));
    expect(topLevel.filter((folder) => !map.has(folder))).toEqual([]);
  });

  it('names every npm workspace', () => {
    expect(workspaces.filter((workspace) => !map.has(workspace))).toEqual([]);
  });

  it('names every folder of shared/', () => {
    const shared = new Set(
      tracked
        .filter((parts) => parts[0] === 'shared' && parts.length > 2)
        .map((parts) => `shared/${parts[1]}`),
    );
    expect([...shared].filter((folder) => !map.has(folder))).toEqual([]);
  });

  it('names only folders that exist', () => {
    const missing = [...map].filter((folder) => {
      const full = path.join(ROOT, folder);
      return !existsSync(full) || !statSync(full).isDirectory();
    });
    expect(missing).toEqual([]);
  });
});
