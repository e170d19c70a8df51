import pg from "pg";

export interface PostgresDatabase {
  url: string;
  /** Drops it, closing whatever connections are still open. */
  drop(): Promise<void>;
}

/**
 * A new, empty PostgreSQL database `name` on the server of `base` (a connection URL), for a test app,
 * the cluster, Playwright's server or a benchmark. `replace`: a fixed name that a run before may have
 * left behind is dropped first. `template`: a copy of that database instead of an empty one (a test
 * app's migrated start, tests/support/migrated-templates.ts).
 */
export async function createPostgresDatabase(
  base: string,
  name: string,
  options: { replace?: boolean; template?: string | undefined } = {},
): Promise<PostgresDatabase> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  if (options.replace) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(options.template ? `create database ${name} template ${options.template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
