import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../tests/support/test-server.ts";

// The storage migration applied again where `storage` already exists and belongs to another
// role, as on a hosted project: run by a role that owns none of it (as a hosted project's
// `postgres` owns nothing of Storage's), it succeeds and leaves what is there alone.
let server: TestServer;
// Roles belong to the whole PostgreSQL cluster, which other test databases share.
const suffix = Math.random().toString(36).slice(2, 8);
const keeper = `storage_keeper_${suffix}`;
const admin = `project_admin_${suffix}`;
const migration = () =>
  readFile(
    new URL("../../../supabase/migrations/20261127001000_storage.sql", import.meta.url),
    "utf8",
  );

beforeAll(async () => {
  server = await startTestServer();
  await server.db.exec(`
    create role ${keeper} nologin;
    create role ${admin} nologin;
    alter schema storage owner to ${keeper};
    alter table storage.buckets owner to ${keeper};
    alter table storage.objects owner to ${keeper};
    alter function storage.foldername(text) owner to ${keeper};
    alter function storage.filename(text) owner to ${keeper};
    alter function storage.extension(text) owner to ${keeper};
    alter table internal.storage_used_upload_tokens owner to ${admin};
    grant usage on schema storage, internal to ${admin};
    grant all on storage.buckets, storage.objects to ${admin};
    grant create on schema internal to ${admin};
    -- Hosted Storage's own version of a helper, which must stay as it is.
    create or replace function storage.filename(name text) returns text
      language sql immutable as $$ select 'hosted''s own' $$;
  `);
});
afterAll(async () => {
  await server.close();
});

describe("the storage migration on a project whose storage belongs to another role", () => {
  it("applies as a role that owns none of it, changing nothing that is there", async () => {
    const before = await server.db.query(
      "select id, public, file_size_limit, allowed_mime_types from storage.buckets order by id",
    );
    const sql = await migration();
    await server.db.transaction(async (tx) => {
      await tx.exec(`set local role ${admin}`);
      await tx.exec(sql);
    });
    const after = await server.db.query(
      "select id, public, file_size_limit, allowed_mime_types from storage.buckets order by id",
    );
    expect(after.rows).toEqual(before.rows);
    const { rows } = await server.db.query<{ filename: string; owner: string; rls: boolean }>(
      `select storage.filename('a/b.png') as filename,
              (select tableowner from pg_tables where schemaname = 'storage' and tablename = 'objects') as owner,
              (select relrowsecurity from pg_class where oid = 'storage.objects'::regclass) as rls`,
    );
    expect(rows[0]).toEqual({ filename: "hosted's own", owner: keeper, rls: true });
  });

  it("gives way where only the owner may change something (row-level security)", async () => {
    await server.db.exec("alter table storage.objects disable row level security");
    const sql = await migration();
    await expect(
      server.db.transaction(async (tx) => {
        await tx.exec(`set local role ${admin}`);
        await tx.exec(sql);
      }),
    ).resolves.toBeUndefined();
    // The block that would enable it gave way to the owner's rights, and said so.
    const { rows } = await server.db.query<{ rls: boolean }>(
      "select relrowsecurity as rls from pg_class where oid = 'storage.objects'::regclass",
    );
    expect(rows[0]?.rls).toBe(false);
    await server.db.exec("alter table storage.objects enable row level security");
  });
});
