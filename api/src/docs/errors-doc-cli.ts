/** Writes docs/errors.md from the error catalogue: `npm run docs:errors -w api`. */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderErrorsDoc } from './errors-doc';

const target = fileURLToPath(new URL('../../../docs/errors.md', import.meta.url));
writeFileSync(target, renderErrorsDoc());
console.log(`Wrote ${target}.`);
