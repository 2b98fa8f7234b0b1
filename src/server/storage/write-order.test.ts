import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../tests/support/test-server.ts";

// Bytes first, then the row, then the old bytes: a row refused after its bytes were written
// takes them with it, and a replaced object's old version goes once the new row stands.
let server: TestServer;
const bucket = "ordered";

beforeAll(async () => {
  server = await startTestServer({ log: { info() {}, warn() {}, error() {} } });
  await server.db.exec(`
    insert into storage.buckets (id, name) values ('${bucket}', '${bucket}');
    -- Refuses a row once it names stored bytes: the policy check before the upload passes, the
    -- row written after the bytes does not.
    create function internal.refuse_named_rows() returns trigger language plpgsql as $$
    begin
      if new.name like 'refused/%' and new.metadata ? 'size' then
        raise exception 'refused after the bytes';
      end if;
      return new;
    end $$;
    create trigger refuse_named_rows before insert or update on storage.objects
      for each row execute function internal.refuse_named_rows();
  `);
});
afterAll(() => server.close());

function upload(name: string, body: string, upsert = false) {
  const key = server.keys.service_role;
  return server.app.request(`/storage/v1/object/${bucket}/${name}`, {
    method: "POST",
    headers: {
      apikey: key,
      authorization: `Bearer ${key}`,
      "content-type": "text/plain",
      "x-upsert": String(upsert),
    },
    body,
  });
}

async function files(): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of server.storage.list("")) keys.push(key);
  return keys.sort();
}

describe("the order of an upload's writes", () => {
  it("removes the new bytes when the row is refused after them", async () => {
    const answer = await upload("refused/a.txt", "never named");
    expect(answer.status).toBe(500);
    expect(await answer.json()).toEqual({
      statusCode: "500",
      code: "InternalError",
      error: "InternalError",
      message: "Internal server error",
    });
    const { rows } = await server.db.query(
      "select 1 from storage.objects where name like 'refused/%'",
    );
    expect(rows).toEqual([]);
    expect((await files()).filter((file) => file.includes("refused"))).toEqual([]);
  });

  it("keeps one version's bytes for a replaced object: the one its row names", async () => {
    expect((await upload("kept.txt", "first")).status).toBe(200);
    expect((await upload("kept.txt", "second", true)).status).toBe(200);
    const { rows } = await server.db.query<{ version: string }>(
      "select version from storage.objects where bucket_id = $1 and name = 'kept.txt'",
      [bucket],
    );
    expect((await files()).filter((file) => file.includes("kept.txt"))).toEqual([
      `${bucket}/kept.txt/${rows[0]!.version}`,
    ]);
  });
});
