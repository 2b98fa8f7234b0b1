import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientFor } from "../support/contract-target.ts";
import { reloadSchema, startTestServer, type TestServer } from "../support/test-server.ts";

// Resource embedding as a Supabase developer writes it with supabase-js, on tables this file
// creates (authors, their books and profiles, tags through a junction, a self reference), and
// answered as PostgREST 12 answers it: shapes, hints, join types, spreads, filters on embedded
// resources, and the codes of a missing or ambiguous relationship.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ dbAggregatesEnabled: true });
  await server.db.exec(`
    create table public.authors (
      id integer primary key,
      name text not null,
      country text
    );
    create table public.author_profiles (
      author_id integer primary key references public.authors (id),
      bio text not null
    );
    create table public.books (
      id integer primary key,
      title text not null,
      author_id integer not null references public.authors (id),
      editor_id integer references public.authors (id),
      pages integer not null,
      meta jsonb not null default '{}',
      published daterange
    );
    create table public.tags (
      id integer primary key,
      label text not null
    );
    create table public.book_tags (
      book_id integer references public.books (id),
      tag_id integer references public.tags (id),
      primary key (book_id, tag_id)
    );
    create table public.staff (
      id integer primary key,
      name text not null,
      manager_id integer references public.staff (id)
    );
    create view public.long_books as select id, title, author_id, pages from public.books where pages > 300;
    create table public.secrets (
      id integer primary key,
      author_id integer references public.authors (id),
      note text not null
    );
    alter table public.secrets enable row level security;
    create policy "service reads secrets" on public.secrets for select to service_role using (true);
    grant insert, update, delete on public.books to service_role;
    grant select on public.authors, public.author_profiles, public.books, public.tags,
      public.book_tags, public.staff, public.long_books, public.secrets to anon, service_role;
    create function public.books_by(author integer) returns setof public.books
      language sql stable as $$ select * from public.books where author_id = author $$;
    grant execute on function public.books_by(integer) to anon, service_role;
    create function public.label(public.books) returns text
      language sql stable as $$ select $1.title || ' (' || $1.pages || ')' $$;

    insert into public.authors values
      (1, 'نجيب محفوظ', 'EG'), (2, 'Toni Morrison', 'US'), (3, 'Nobody', null);
    insert into public.author_profiles values (1, 'روائي مصري'), (2, 'American novelist');
    insert into public.books values
      (1, 'اللص والكلاب', 1, 2, 180, '{"lang": "ar", "tags": ["noir"]}', '[1961-01-01,1962-01-01)'),
      (2, 'الثلاثية', 1, null, 1500, '{"lang": "ar"}', '[1956-01-01,1958-01-01)'),
      (3, 'Beloved', 2, 1, 324, '{"lang": "en"}', '[1987-01-01,1988-01-01)');
    insert into public.tags values (1, 'classic'), (2, 'novel'), (3, 'unused');
    insert into public.book_tags values (1, 2), (2, 1), (2, 2), (3, 1);
    insert into public.staff values (1, 'Head', null), (2, 'Deputy', 1), (3, 'Clerk', 2);
    insert into public.secrets values (1, 1, 'hidden');
  `);
  await reloadSchema(server);
});
afterAll(() => server.close());

const anon = (): SupabaseClient => clientFor(server, server.keys.anon);
const service = (): SupabaseClient => clientFor(server, server.keys.service_role);

async function get(path: string, key = server.keys.anon) {
  const response = await server.fetch(`${server.url}/rest/v1/${path}`, {
    headers: { apikey: key, authorization: `Bearer ${key}` },
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

describe("embedding along foreign keys", () => {
  it("embeds a many-to-one resource as an object, and null when the key is null", async () => {
    const result = await anon()
      .from("books")
      .select("title, author:authors!author_id(name), editor:authors!editor_id(name)")
      .order("id");
    expect(result.error).toBeNull();
    expect(result.data).toEqual([
      { title: "اللص والكلاب", author: { name: "نجيب محفوظ" }, editor: { name: "Toni Morrison" } },
      { title: "الثلاثية", author: { name: "نجيب محفوظ" }, editor: null },
      { title: "Beloved", author: { name: "Toni Morrison" }, editor: { name: "نجيب محفوظ" } },
    ]);
  });

  it("embeds a one-to-many resource as an array, empty when there are no rows", async () => {
    const result = await anon()
      .from("authors")
      .select("name, books!author_id(title)")
      .order("id")
      .order("id", { referencedTable: "books" });
    expect(result.error).toBeNull();
    expect(result.data).toEqual([
      { name: "نجيب محفوظ", books: [{ title: "اللص والكلاب" }, { title: "الثلاثية" }] },
      { name: "Toni Morrison", books: [{ title: "Beloved" }] },
      { name: "Nobody", books: [] },
    ]);
  });

  it("embeds a one-to-one resource as an object, both ways", async () => {
    const profiles = await anon().from("authors").select("id, author_profiles(bio)").order("id");
    expect(profiles.data).toEqual([
      { id: 1, author_profiles: { bio: "روائي مصري" } },
      { id: 2, author_profiles: { bio: "American novelist" } },
      { id: 3, author_profiles: null },
    ]);
    const back = await anon()
      .from("author_profiles")
      .select("bio, authors(name)")
      .eq("author_id", 2);
    expect(back.data).toEqual([{ bio: "American novelist", authors: { name: "Toni Morrison" } }]);
  });

  it("embeds many-to-many through the junction table", async () => {
    const result = await anon()
      .from("books")
      .select("id, tags(label)")
      .order("id")
      .order("label", { referencedTable: "tags" });
    expect(result.data).toEqual([
      { id: 1, tags: [{ label: "novel" }] },
      { id: 2, tags: [{ label: "classic" }, { label: "novel" }] },
      { id: 3, tags: [{ label: "classic" }] },
    ]);
    const back = await anon().from("tags").select("label, books(id)").eq("id", 3);
    expect(back.data).toEqual([{ label: "unused", books: [] }]);
  });

  it("nests embeddings, with everything of a resource by *", async () => {
    const result = await anon()
      .from("authors")
      .select("name, books!author_id(title, tags(label), editor:authors!editor_id(*))")
      .eq("id", 2)
      .single();
    expect(result.data).toEqual({
      name: "Toni Morrison",
      books: [
        {
          title: "Beloved",
          tags: [{ label: "classic" }],
          editor: { id: 1, name: "نجيب محفوظ", country: "EG" },
        },
      ],
    });
  });

  it("follows a self reference: the parent by its column, the children by the table", async () => {
    const result = await anon()
      .from("staff")
      .select("name, manager:manager_id(name), reports:staff(name)")
      .eq("id", 2)
      .single();
    expect(result.data).toEqual({
      name: "Deputy",
      manager: { name: "Head" },
      reports: [{ name: "Clerk" }],
    });
  });

  it("filters, orders and pages an embedded resource without dropping its parents", async () => {
    const result = await anon()
      .from("authors")
      .select("id, books!author_id(title, pages)")
      .gt("books.pages", 200)
      .order("id")
      .order("pages", { referencedTable: "books", ascending: false })
      .limit(1, { referencedTable: "books" });
    expect(result.error).toBeNull();
    expect(result.data).toEqual([
      { id: 1, books: [{ title: "الثلاثية", pages: 1500 }] },
      { id: 2, books: [{ title: "Beloved", pages: 324 }] },
      { id: 3, books: [] },
    ]);
    const offset = await get(
      "authors?select=id,books!author_id(id)&id=eq.1&books.order=id&books.offset=1",
    );
    expect(offset.body).toEqual([{ id: 1, books: [{ id: 2 }] }]);
    const logic = await get(
      "authors?select=id,books!author_id(id)&id=eq.1&books.or=(id.eq.1,pages.gt.1000)&books.order=id",
    );
    expect(logic.body).toEqual([{ id: 1, books: [{ id: 1 }, { id: 2 }] }]);
  });

  it("keeps only parents with a match under !inner, and counts them so", async () => {
    const result = await anon()
      .from("authors")
      .select("name, books!author_id!inner(title)", { count: "exact" })
      .eq("books.title", "Beloved");
    expect(result.error).toBeNull();
    expect(result.count).toBe(1);
    expect(result.data).toEqual([{ name: "Toni Morrison", books: [{ title: "Beloved" }] }]);

    const toOne = await anon()
      .from("books")
      .select("id, authors!author_id!inner(country)")
      .eq("authors.country", "EG")
      .order("id");
    expect(toOne.data).toEqual([
      { id: 1, authors: { country: "EG" } },
      { id: 2, authors: { country: "EG" } },
    ]);
    // !left is the default said aloud: every parent, an empty list where nothing matched.
    const left = await get(
      "authors?select=id,books!author_id!left(id)&books.pages=gt.1000&order=id",
    );
    expect(left.body).toEqual([
      { id: 1, books: [{ id: 2 }] },
      { id: 2, books: [] },
      { id: 3, books: [] },
    ]);
    // An embedding with nothing selected only filters, and is left out of the answer.
    const filterOnly = await get("books?select=id,authors!author_id!inner()&authors.country=eq.US");
    expect(filterOnly.body).toEqual([{ id: 3 }]);
  });

  it("filters parents on whether an embedded resource was found", async () => {
    const result = await get("authors?select=id,author_profiles(bio)&author_profiles=is.null");
    expect(result.body).toEqual([{ id: 3, author_profiles: null }]);
    const found = await get(
      "authors?select=id,books!author_id(id)&books=not.is.null&books.pages=gt.1000",
    );
    expect(found.body).toEqual([{ id: 1, books: [{ id: 2 }] }]);
  });

  it("spreads a to-one resource's columns into its parent", async () => {
    const result = await anon()
      .from("books")
      .select("title, ...authors!author_id(author:name, country)")
      .eq("id", 3)
      .single();
    expect(result.data).toEqual({ title: "Beloved", author: "Toni Morrison", country: "US" });
    const toMany = await get("authors?select=...books!author_id(title)");
    expect(toMany).toMatchObject({ status: 400, body: { code: "PGRST119" } });
  });

  it("embeds on a view through the table it reads, and on a function's rows", async () => {
    const view = await anon().from("long_books").select("title, authors(name)").order("id");
    expect(view.data).toEqual([
      { title: "الثلاثية", authors: { name: "نجيب محفوظ" } },
      { title: "Beloved", authors: { name: "Toni Morrison" } },
    ]);
    const rpc = await anon()
      .rpc("books_by", { author: 2 })
      .select("title, authors!author_id(name), tags(label)");
    expect(rpc.error).toBeNull();
    expect(rpc.data).toEqual([
      { title: "Beloved", authors: { name: "Toni Morrison" }, tags: [{ label: "classic" }] },
    ]);
  });

  it("reads JSON paths and casts beside the embedding", async () => {
    const result = await anon()
      .from("books")
      .select("id, lang:meta->>lang, first_tag:meta->tags->0, pages::text, authors!author_id(name)")
      .eq("id", 1)
      .single();
    expect(result.data).toEqual({
      id: 1,
      lang: "ar",
      first_tag: "noir",
      pages: "180",
      authors: { name: "نجيب محفوظ" },
    });
    const named = await get("books?select=meta->>lang,meta->tags->0&id=eq.1");
    expect(named.body).toEqual([{ lang: "ar", tags: "noir" }]);
  });

  it("aggregates, grouped by the other columns, and counts an embedded resource", async () => {
    const grouped = await anon()
      .from("books")
      .select("author_id, total:pages.sum(), count()")
      .order("author_id");
    expect(grouped.data).toEqual([
      { author_id: 1, total: 1680, count: 2 },
      { author_id: 2, total: 324, count: 1 },
    ]);
    const counted = await anon().from("authors").select("id, books!author_id(count)").order("id");
    expect(counted.data).toEqual([
      { id: 1, books: [{ count: 2 }] },
      { id: 2, books: [{ count: 1 }] },
      { id: 3, books: [{ count: 0 }] },
    ]);
    const minMax = await get("books?select=pages.min(),pages.max(),pages.avg()::int");
    expect(minMax.body).toEqual([{ min: 180, max: 1500, avg: 668 }]);
  });

  it("applies row-level security to every embedded table, under the caller's role", async () => {
    const outsider = await anon().from("authors").select("id, secrets(note)").eq("id", 1).single();
    expect(outsider.data).toEqual({ id: 1, secrets: [] });
    const member = await service().from("authors").select("id, secrets(note)").eq("id", 1).single();
    expect(member.data).toEqual({ id: 1, secrets: [{ note: "hidden" }] });
  });
});

describe("embedding in what a write answers", () => {
  it("embeds in the rows an insert, update, upsert and delete return", async () => {
    const inserted = await service()
      .from("books")
      .insert({ id: 10, title: "Jazz", author_id: 2, pages: 229 })
      .select("title, authors!author_id(name)")
      .single();
    expect(inserted).toMatchObject({ status: 201, error: null });
    expect(inserted.data).toEqual({ title: "Jazz", authors: { name: "Toni Morrison" } });
    const updated = await service()
      .from("books")
      .update({ editor_id: 1 })
      .eq("id", 10)
      .select("id, editor:authors!editor_id(name)");
    expect(updated.data).toEqual([{ id: 10, editor: { name: "نجيب محفوظ" } }]);
    const upserted = await service()
      .from("books")
      .upsert({ id: 10, title: "Jazz", author_id: 2, pages: 230 })
      .select("pages, tags(label)")
      .single();
    expect(upserted.data).toEqual({ pages: 230, tags: [] });
    const deleted = await service()
      .from("books")
      .delete()
      .eq("id", 10)
      .select("id, ...authors!author_id(country)");
    expect(deleted.data).toEqual([{ id: 10, country: "US" }]);
  });
});

describe("computed fields", () => {
  it("selects and filters on a function of the row as on a column, embedded too", async () => {
    const result = await anon().from("books").select("id, label").like("label", "*(324)").single();
    expect(result.data).toEqual({ id: 3, label: "Beloved (324)" });
    const embedded = await anon()
      .from("authors")
      .select("id, books!author_id(label)")
      .eq("id", 2)
      .single();
    expect(embedded.data).toEqual({ id: 2, books: [{ label: "Beloved (324)" }] });
    const ordered = await anon().from("books").select("id").order("label");
    const sorted = await server.db.query<{ id: number }>(
      "select id from public.books order by public.label(books)",
    );
    expect(ordered.data).toEqual(sorted.rows);
    expect(sorted.rows.map((row) => row.id)).not.toEqual([1, 2, 3]);
  });
});

describe("what PostgREST refuses", () => {
  it("answers PGRST200 for no relationship, with a suggestion when one is close", async () => {
    const result = await anon().from("books").select("title, author(name)");
    expect(result.status).toBe(400);
    expect(result.error).toMatchObject({
      code: "PGRST200",
      message: "Could not find a relationship between 'books' and 'author' in the schema cache",
      details:
        "Searched for a foreign key relationship between 'books' and 'author' in the schema 'public', but no matches were found.",
      hint: "Perhaps you meant 'authors' instead of 'author'.",
    });
  });

  it("answers 300 PGRST201 for an ambiguous one, listing the candidates", async () => {
    const result = await anon().from("books").select("title, authors(name)");
    expect(result.status).toBe(300);
    expect(result.error).toEqual({
      code: "PGRST201",
      message:
        "Could not embed because more than one relationship was found for 'books' and 'authors'",
      details: [
        {
          cardinality: "many-to-one",
          embedding: "books with authors",
          relationship: "books_author_id_fkey using books(author_id) and authors(id)",
        },
        {
          cardinality: "many-to-one",
          embedding: "books with authors",
          relationship: "books_editor_id_fkey using books(editor_id) and authors(id)",
        },
      ],
      hint: "Try changing 'authors' to one of the following: 'authors!books_author_id_fkey', 'authors!books_editor_id_fkey'. Find the desired relationship in the 'details' key.",
    });
  });

  it("answers 400 42712 to one table embedded twice under one name, as PostgreSQL refuses PostgREST's join", async () => {
    const twice = await anon()
      .from("books")
      .select("authors!author_id(*), authors!editor_id(*)")
      .limit(1)
      .single();
    const nested = await anon()
      .from("authors")
      .select("name, books!author_id(id, tags(label), tags(id))");
    expect([twice, nested].map(({ status, error }) => ({ status, error }))).toEqual([
      {
        status: 400,
        error: {
          code: "42712",
          message: 'table name "books_authors_1" specified more than once',
          details: null,
          hint: null,
        },
      },
      {
        status: 400,
        error: {
          code: "42712",
          message: 'table name "books_tags_2" specified more than once',
          details: null,
          hint: null,
        },
      },
    ]);
    const aliased = await anon()
      .from("books")
      .select("writer:authors!author_id(name), editor:authors!editor_id(name)")
      .eq("id", 1)
      .single();
    expect(aliased.data).toEqual({
      writer: { name: "نجيب محفوظ" },
      editor: { name: "Toni Morrison" },
    });
  });

  it("names an embedded table by PostgREST's alias in an unknown column's 42703", async () => {
    const select = await anon().from("authors").select("name, books!author_id(sum)");
    const filter = await get("authors?select=books!author_id(id)&books.nope=eq.1");
    const nested = await get("authors?select=books!author_id(id,book_tags(nope))");
    const junction = await get("books?select=tags(nope)");
    expect([{ status: select.status, body: select.error }, filter, nested, junction]).toEqual(
      ["books_1.sum", "books_1.nope", "book_tags_2.nope", "tags.nope"].map((column) => ({
        status: 400,
        body: {
          code: "42703",
          message: `column ${column} does not exist`,
          details: null,
          hint: null,
        },
      })),
    );
  });

  it("answers PGRST108 to a filter on a resource that is not embedded", async () => {
    const result = await get("authors?select=id&books.title=eq.x");
    expect(result).toMatchObject({ status: 400, body: { code: "PGRST108" } });
  });

  it("refuses aggregates unless they are enabled, as PostgREST does", async () => {
    const plain = await startTestServer();
    try {
      const response = await plain.fetch(
        `${plain.url}/rest/v1/contact_submissions?select=count()`,
        {
          headers: {
            apikey: plain.keys.service_role,
            authorization: `Bearer ${plain.keys.service_role}`,
          },
        },
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        code: "PGRST123",
        message: "Use of aggregate functions is not allowed",
      });
    } finally {
      await plain.close();
    }
  });

  it("answers a hostile select quickly with 400, before the database", async () => {
    const deep = `${"a(".repeat(50)}id${")".repeat(50)}`;
    const long = `id,${"title,".repeat(1700)}id`;
    for (const select of [deep, long]) {
      const started = performance.now();
      const result = await get(`books?select=${encodeURIComponent(select)}`);
      expect(performance.now() - started).toBeLessThan(500);
      expect(result).toMatchObject({ status: 400, body: { code: "PGRST100" } });
    }
    const many = Array.from({ length: 70 }, (_, index) => `a${index}:authors!author_id(id)`);
    const wide = await get(`books?select=${encodeURIComponent(many.join(","))}`);
    expect(wide).toMatchObject({ status: 400, body: { code: "PGRST100" } });
  });
});
