import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom, to as copyTo } from "pg-copy-streams";
import type { Copying, Queryable, QueryResult } from "../db/database.ts";

/** One connection to a PostgreSQL server that reads and writes COPY's text format. */
export interface CopyConnection extends Queryable, Copying {
  close(): Promise<void>;
}

export async function connectForCopy(connectionString: string): Promise<CopyConnection> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  // A broken connection rejects the statement in flight; it must not end the process.
  client.on("error", () => {});
  return {
    async query<Row>(text: string, params?: unknown[]): Promise<QueryResult<Row>> {
      const result = await client.query(text, params);
      return { rows: result.rows as Row[] };
    },
    async exec(text) {
      await client.query(text);
    },
    async copyOut(select) {
      const chunks: Buffer[] = [];
      await pipeline(
        client.query(copyTo(`copy (${select}) to stdout`)),
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            chunks.push(chunk);
            done();
          },
        }),
      );
      return Buffer.concat(chunks).toString("utf8");
    },
    async copyIn(target, data) {
      await pipeline(Readable.from([data]), client.query(copyFrom(`copy ${target} from stdin`)));
    },
    close: () => client.end(),
  };
}
