// drizzle-kit generates the numbered SQL migrations from the schema: `npm run db:generate -w api`.
// The SQL is committed and reviewed; the API applies it on start (src/db/migrate.ts).
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
});
