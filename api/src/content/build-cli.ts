/**
 * `npm run build -w api`: compiles content/ into api/.content/ (CONTENT_DIR, CONTENT_OUT_DIR to
 * change them). Fails, naming each bad file and what is wrong with it, if any document is invalid.
 */
import { buildContent, documentSearchEntries, resolveContentPaths, writeContentBuild } from './build';

const paths = resolveContentPaths();
try {
  const build = buildContent(paths.contentDir);
  writeContentBuild(paths.outDir, build);
  const drafts = build.documents.filter((document) => document.draft).length;
  console.log(
    `Content: ${build.documents.length} documents (${drafts} drafts), ${documentSearchEntries(build).length} search entries, ` +
      `${Object.keys(build.assets).length} images → ${paths.outDir}`,
  );
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
