/** Reading and changing the SQL function files in tests (src/db/functions). */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/connect';
import { type FunctionFile, readFunctionFiles } from '../db/functions/apply';

/** The bodies of the functions of that name, as the database keeps them. */
export async function bodyOf(db: Db, name: string): Promise<string[]> {
  return rowsOf<{ src: string }>(
    await db.execute(sql`SELECT prosrc AS src FROM pg_proc
      WHERE proname = ${name} AND pronamespace = 'public'::regnamespace`),
  ).map((row) => row.src);
}

/** The text between the file's dollar quotes: what PostgreSQL keeps as the body. */
export function fileBody(text: string): string {
  const start = text.indexOf('$$');
  const end = text.lastIndexOf('$$');
  return text.slice(start + 2, end);
}

/** A copy of the function files in `folder`, with arttoy_boxes_held's body one comment line longer. */
export function changedCopy(folder: string): { files: FunctionFile[]; changed: string } {
  fs.mkdirSync(folder);
  const files = readFunctionFiles();
  for (const file of files) fs.writeFileSync(path.join(folder, `${file.name}.sql`), file.text);
  const target = files.find((file) => file.name === 'arttoy_boxes_held');
  if (!target) throw new Error('arttoy_boxes_held.sql is missing');
  const changed = target.text.replace(/\n\$\$;\s*$/, () => '\n  -- one line more\n$$;\n');
  if (changed === target.text) throw new Error('arttoy_boxes_held.sql does not end with $$;');
  fs.writeFileSync(path.join(folder, 'arttoy_boxes_held.sql'), changed);
  return { files, changed };
}
