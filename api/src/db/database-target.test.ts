import path from 'node:path';
import { defaultDataDir, describeTarget, redact, resolveDatabaseTarget } from './database-target';

describe('resolveDatabaseTarget', () => {
  const env = { INIT_CWD: '/work/here' };

  it('defaults to PGlite in <repo>/.data/pglite', () => {
    const target = resolveDatabaseTarget({}, { INIT_CWD: __dirname });
    expect(target).toEqual({ engine: 'pglite', dataDir: path.resolve(__dirname, '../../../.data/pglite') });
    expect(defaultDataDir(__dirname)).toBe(path.resolve(__dirname, '../../../.data/pglite'));
  });

  it('takes the dataDir option when no URL is given', () => {
    expect(resolveDatabaseTarget({ dataDir: 'x/db' }, env)).toEqual({
      engine: 'pglite',
      dataDir: '/work/here/x/db',
    });
  });

  it('reads file:, memory: and postgres URLs, the option before DATABASE_URL', () => {
    expect(resolveDatabaseTarget({}, { ...env, DATABASE_URL: 'file:.data/other' })).toEqual({
      engine: 'pglite',
      dataDir: '/work/here/.data/other',
    });
    expect(resolveDatabaseTarget({}, { ...env, DATABASE_URL: 'file:///srv/db' })).toEqual({
      engine: 'pglite',
      dataDir: '/srv/db',
    });
    expect(resolveDatabaseTarget({}, { ...env, DATABASE_URL: 'memory:' })).toEqual({
      engine: 'pglite',
      dataDir: null,
    });
    expect(
      resolveDatabaseTarget({ databaseUrl: 'postgresql://u@h/db' }, { ...env, DATABASE_URL: 'memory:' }),
    ).toEqual({ engine: 'postgres', url: 'postgresql://u@h/db' });
  });

  it('refuses anything else, saying what it accepts, without printing a password', () => {
    expect(() => resolveDatabaseTarget({ databaseUrl: 'mysql://user:hunter2@h/db' }, env)).toThrow(
      'DATABASE_URL must start with postgres://, postgresql://, file: or memory: (got "mysql://user:***@h/db"). Leave it unset to use the embedded database in .data/pglite.',
    );
    expect(() => resolveDatabaseTarget({ databaseUrl: 'file:' }, env)).toThrow(/names no directory/);
  });

  it('describes a target for logs without its password', () => {
    expect(redact('postgres://app:s3cret@db:5432/arttoy')).toBe('postgres://app:***@db:5432/arttoy');
    expect(describeTarget({ engine: 'postgres', url: 'postgres://app:s3cret@db/arttoy' })).toBe(
      'PostgreSQL at postgres://app:***@db/arttoy',
    );
    expect(describeTarget({ engine: 'pglite', dataDir: null })).toBe('PGlite in memory');
  });
});
