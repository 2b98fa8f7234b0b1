import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../tests/support/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const table = "/rest/v1/contact_submissions";

const validRow = {
  name: "Layla",
  email: "layla@example.com",
  phone: null,
  message: "Hello",
  form_source: "Contact Page",
};

function sign(claims: Record<string, unknown>, secret = server.jwtSecret) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .sign(new TextEncoder().encode(secret));
}

function request(
  path: string,
  init: {
    method?: string;
    body?: string;
    headers?: Record<string, string>;
    key?: string | null;
  } = {},
) {
  const key = init.key === undefined ? server.keys.anon : init.key;
  return server.app.request(path, {
    method: init.method ?? "GET",
    body: init.body,
    headers: {
      ...(key ? { apikey: key, authorization: `Bearer ${key}` } : {}),
      ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
      ...init.headers,
    },
  });
}

async function rowCount(): Promise<number> {
  const { rows } = await server.db.query<{ count: number }>(
    "select count(*)::int as count from public.contact_submissions",
  );
  return rows[0]?.count ?? 0;
}

describe("POST /rest/v1/contact_submissions", () => {
  it("stores the row exactly as sent and answers 201 with an empty body", async () => {
    const row = {
      name: "سارة «الكاتبة» 'O\"Neil'",
      email: "sara@example.com",
      phone: "+966 50 000 0000",
      message: 'مرحبًا 👋🏽\nسطر ثانٍ\t"مقتبس" \\ ✓',
      form_source: "Mutakallim Program",
    };
    const response = await request(table, { method: "POST", body: JSON.stringify(row) });
    expect(response.status).toBe(201);
    expect(await response.text()).toBe("");
    expect(response.headers.get("content-range")).toBe("*/*");
    const { rows } = await server.db.query(
      "select name, email, phone, message, form_source from public.contact_submissions where email = $1",
      [row.email],
    );
    expect(rows).toEqual([row]);
  });

  it("counts the inserted row when asked", async () => {
    const response = await request(table, {
      method: "POST",
      body: JSON.stringify(validRow),
      headers: { prefer: "count=exact" },
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("content-range")).toBe("*/1");
  });

  const tooLong = (length: number) => "x".repeat(length);
  const badInputs: [string, string, number, string][] = [
    ["malformed JSON", '{"name":', 400, "PGRST102"],
    ["an empty body", "", 400, "PGRST102"],
    ["a JSON string", '"hello"', 400, "PGRST102"],
    [
      "an array with a bad row",
      JSON.stringify([validRow, { ...validRow, name: "" }]),
      400,
      "23514",
    ],
    ["an unknown column", JSON.stringify({ ...validRow, bogus: 1 }), 400, "PGRST204"],
    ["no email", JSON.stringify({ ...validRow, email: undefined }), 400, "23502"],
    ["a null name", JSON.stringify({ ...validRow, name: null }), 400, "23502"],
    ["an empty name", JSON.stringify({ ...validRow, name: "" }), 400, "23514"],
    ["a blank name", JSON.stringify({ ...validRow, name: "   " }), 400, "23514"],
    [
      "a name of tabs, zero-width and ideographic spaces",
      JSON.stringify({ ...validRow, name: "\t\u200b\u3000\u00a0\ufeff" }),
      400,
      "23514",
    ],
    [
      "a message of newlines and direction marks",
      JSON.stringify({ ...validRow, message: "\n\r\u200f\u2066\u2069\u2028" }),
      400,
      "23514",
    ],
    [
      "a JSON value nested 30,000 levels deep",
      `{"name":${"[".repeat(30_000)}${"]".repeat(30_000)}}`,
      400,
      "PGRST102",
    ],
    ["a 201-character name", JSON.stringify({ ...validRow, name: tooLong(201) }), 400, "23514"],
    [
      "an email without @",
      JSON.stringify({ ...validRow, email: "layla.example.com" }),
      400,
      "23514",
    ],
    [
      "an email with a space",
      JSON.stringify({ ...validRow, email: "la yla@example.com" }),
      400,
      "23514",
    ],
    [
      "a 321-character email",
      JSON.stringify({ ...validRow, email: `${tooLong(309)}@example.com` }),
      400,
      "23514",
    ],
    ["a 41-character phone", JSON.stringify({ ...validRow, phone: tooLong(41) }), 400, "23514"],
    [
      "a 5001-character message",
      JSON.stringify({ ...validRow, message: tooLong(5001) }),
      400,
      "23514",
    ],
    [
      "an unknown form_source",
      JSON.stringify({ ...validRow, form_source: "Elsewhere" }),
      400,
      "23514",
    ],
    ["an explicit id", JSON.stringify({ ...validRow, id: 7 }), 400, "428C9"],
    [
      "a backdated created_at",
      JSON.stringify({ ...validRow, created_at: "2000-01-01" }),
      401,
      "42501",
    ],
    [
      "a body over 64 KB",
      JSON.stringify({ ...validRow, message: tooLong(70_000) }),
      413,
      "PGRST102",
    ],
  ];

  it.each(badInputs)("refuses %s and stores nothing", async (_label, body, status, code) => {
    const before = await rowCount();
    const response = await request(table, { method: "POST", body });
    expect(response.status).toBe(status);
    const error = (await response.json()) as Record<string, unknown>;
    expect(error).toMatchObject({ code });
    expect(Object.keys(error).sort()).toEqual(["code", "details", "hint", "message"]);
    expect(response.headers.get("proxy-status")).toBe(`PostgREST; error=${code}`);
    expect(await rowCount()).toBe(before);
  });

  it("names the offending column and constraint", async () => {
    const missing = await request(table, {
      method: "POST",
      body: JSON.stringify({ ...validRow, email: undefined }),
    });
    expect(await missing.json()).toEqual({
      code: "23502",
      message:
        'null value in column "email" of relation "contact_submissions" violates not-null constraint',
      details: null,
      hint: null,
    });
    const unknown = await request(table, {
      method: "POST",
      body: JSON.stringify({ nickname: "x" }),
    });
    expect((await unknown.json()).message).toBe(
      "Could not find the 'nickname' column of 'contact_submissions' in the schema cache",
    );
  });

  it("refuses a body over 64 KB by its declared length, as it would by counting", async () => {
    const body = JSON.stringify({ ...validRow, message: tooLong(70_000) });
    const before = await rowCount();
    const response = await request(table, {
      method: "POST",
      body,
      headers: { "content-length": String(Buffer.byteLength(body)) },
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: "PGRST102" });
    expect(await rowCount()).toBe(before);
  });

  it("answers a permission error to anon with 401 and WWW-Authenticate", async () => {
    const response = await request(table, {
      method: "POST",
      body: JSON.stringify(validRow),
      headers: { prefer: "return=representation" },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe("Bearer");
    expect(await response.json()).toMatchObject({ code: "42501" });
  });

  // An HTML form on any site can post these, with ?apikey= in its action, without a preflight.
  it.each([
    ["text/plain", "text/plain;charset=UTF-8", "text/plain"],
    ["a urlencoded form", "application/x-www-form-urlencoded", "application/x-www-form-urlencoded"],
    ["multipart", "multipart/form-data; boundary=x", "multipart/form-data"],
    ["JSON's look-alike", "application/jsonp", "application/jsonp"],
    ["no type", undefined, "(none)"],
  ])("refuses %s on POST and PATCH with 415 and stores nothing", async (_, type, named) => {
    const before = await rowCount();
    for (const [method, path] of [
      ["POST", `${table}?apikey=${server.keys.anon}`],
      ["PATCH", `${table}?id=eq.1&apikey=${server.keys.service_role}`],
    ] as const) {
      // A byte body carries no Content-Type of its own, as a string body would.
      const response = await server.app.request(path, {
        method,
        body: new TextEncoder().encode(JSON.stringify(validRow)),
        headers: type ? { "content-type": type } : {},
      });
      expect(response.status).toBe(415);
      expect(response.headers.get("proxy-status")).toBe("PostgREST; error=PGRST107");
      expect(await response.json()).toEqual({
        code: "PGRST107",
        message: `None of these media types are available: ${named}`,
        details: null,
        hint: null,
      });
    }
    expect(await rowCount()).toBe(before);
  });

  it("takes application/json with parameters, in any case", async () => {
    const before = await rowCount();
    const response = await request(table, {
      method: "POST",
      body: JSON.stringify({ ...validRow, email: "typed@example.com" }),
      headers: { "content-type": "Application/JSON; charset=UTF-8" },
    });
    expect(response.status).toBe(201);
    expect(await rowCount()).toBe(before + 1);
  });

  it("refuses other schemas", async () => {
    const schema = await request(table, {
      method: "POST",
      body: JSON.stringify(validRow),
      headers: { "content-profile": "auth" },
    });
    expect(schema.status).toBe(406);
    expect(await schema.json()).toMatchObject({ code: "PGRST106" });
  });

  it("refuses a visitor's upsert: anon may not update submissions", async () => {
    const before = await rowCount();
    const response = await request(table, {
      method: "POST",
      body: JSON.stringify(validRow),
      headers: { prefer: "resolution=merge-duplicates" },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: "42501" });
    expect(await rowCount()).toBe(before);
  });

  it("lets service_role insert several rows with return=representation", async () => {
    const rows = [
      { ...validRow, name: "One" },
      { ...validRow, name: "Two" },
    ];
    const response = await request(`${table}?select=name,form_source`, {
      method: "POST",
      key: server.keys.service_role,
      body: JSON.stringify(rows),
      headers: { prefer: "return=representation" },
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual([
      { name: "One", form_source: "Contact Page" },
      { name: "Two", form_source: "Contact Page" },
    ]);
  });

  it("requires every object of an array to have the same keys", async () => {
    const response = await request(table, {
      method: "POST",
      key: server.keys.service_role,
      body: JSON.stringify([validRow, { name: "Only a name" }]),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: "PGRST102",
      message: "All object keys must match",
    });
  });
});

describe("keys and tokens", () => {
  const post = (headers: Record<string, string>) =>
    server.app.request(table, {
      method: "POST",
      body: JSON.stringify(validRow),
      headers: { "content-type": "application/json", ...headers },
    });

  it("answers a request without a key as the gateway does", async () => {
    const response = await post({});
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      message: "No API key found in request",
      hint: "No `apikey` request header or url param was found.",
    });
  });

  it("refuses a key that is not one of the project's", async () => {
    const forged = await sign({ iss: "supabase", role: "anon" }, "x".repeat(40));
    for (const key of ["not-a-key", forged, await sign({ role: "authenticated", sub: "u" })]) {
      const response = await post({ apikey: key });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        message: "Invalid API key",
        hint: "Double check your Supabase `anon` or `service_role` API key.",
      });
    }
  });

  it("accepts the key in ?apikey= and any correctly signed project key", async () => {
    const now = Math.floor(Date.now() / 1000);
    const freshKey = await sign({ iss: "supabase", role: "anon", iat: now, exp: now + 3600 });
    const response = await server.app.request(`${table}?apikey=${freshKey}`, {
      method: "POST",
      body: JSON.stringify(validRow),
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(201);
  });

  it("refuses forged, expired and malformed bearer tokens with PostgREST's JWT errors", async () => {
    const now = Math.floor(Date.now() / 1000);
    const cases: [string, string, string][] = [
      [await sign({ role: "anon" }, "y".repeat(40)), "PGRST301", "JWSError JWSInvalidSignature"],
      [await sign({ role: "anon", exp: now - 120 }), "PGRST303", "JWT expired"],
      ["abc.def", "PGRST301", "Expected 3 parts in JWT; got 2"],
      [await sign({ role: "postgres" }), "PGRST301", "JWT role claim is not an API role"],
    ];
    for (const [token, code, message] of cases) {
      const response = await post({ apikey: server.keys.anon, authorization: `Bearer ${token}` });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toContain('error="invalid_token"');
      expect(await response.json()).toEqual({ code, message, details: null, hint: null });
    }
  });

  it("treats a request with a key and no bearer token as anon", async () => {
    const response = await post({ apikey: server.keys.service_role });
    expect(response.status).toBe(201);
    const read = await server.app.request(table, { headers: { apikey: server.keys.service_role } });
    expect(read.status).toBe(401);
  });
});

describe("GET /rest/v1/contact_submissions", () => {
  const asService = (path: string, headers: Record<string, string> = {}) =>
    request(path, { key: server.keys.service_role, headers });

  beforeAll(async () => {
    await server.db.exec("truncate public.contact_submissions cascade");
    for (let index = 1; index <= 25; index += 1) {
      await server.db.query(
        `insert into public.contact_submissions (name, email, message, form_source, created_at)
         values ($1, 'reader@example.com', 'm', 'Contact Page', now() - make_interval(mins => $2))`,
        [`Person ${index}`, 100 - index],
      );
    }
  });

  it("pages newest first with an exact count, as the team's listing asks", async () => {
    const response = await asService(
      `${table}?select=id%2Cname%2Ccreated_at&order=created_at.desc&offset=0&limit=20`,
      { prefer: "count=exact", "accept-profile": "public" },
    );
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe("0-19/25");
    const rows = (await response.json()) as { id: number; name: string; created_at: string }[];
    expect(rows).toHaveLength(20);
    expect(Object.keys(rows[0] ?? {})).toEqual(["id", "name", "created_at"]);
    expect(rows[0]?.name).toBe("Person 25");
    expect(typeof rows[0]?.id).toBe("number");
  });

  it("answers 200 when the page holds every row, and * without a count", async () => {
    const all = await asService(`${table}?select=name&limit=100`, { prefer: "count=exact" });
    expect(all.status).toBe(200);
    expect(all.headers.get("content-range")).toBe("0-24/25");
    const uncounted = await asService(`${table}?select=name&offset=20&limit=10`);
    expect(uncounted.status).toBe(200);
    expect(uncounted.headers.get("content-range")).toBe("20-24/*");
  });

  it("reads the Range header, aliases and nulls ordering", async () => {
    const response = await asService(`${table}?select=who:name&order=name.asc.nullslast`, {
      range: "0-1",
    });
    expect(response.headers.get("content-range")).toBe("0-1/*");
    expect(await response.json()).toEqual([{ who: "Person 1" }, { who: "Person 10" }]);
  });

  it("answers 416 past the end", async () => {
    const past = await asService(`${table}?offset=30`, { prefer: "count=exact" });
    expect(past.status).toBe(416);
    expect(await past.json()).toMatchObject({
      code: "PGRST103",
      details: "An offset of 30 was requested, but there are only 25 rows.",
    });
  });

  it("returns one object for Accept: application/vnd.pgrst.object+json", async () => {
    const one = await asService(`${table}?select=name&order=name.asc&limit=1`, {
      accept: "application/vnd.pgrst.object+json",
    });
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual({ name: "Person 1" });
    const many = await asService(`${table}?select=name&limit=2`, {
      accept: "application/vnd.pgrst.object+json",
    });
    expect(many.status).toBe(406);
    expect(await many.json()).toMatchObject({ code: "PGRST116" });
  });

  it("answers HEAD with the headers alone", async () => {
    const response = await request(`${table}?select=id`, {
      method: "HEAD",
      key: server.keys.service_role,
      headers: { prefer: "count=exact" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-range")).toBe("0-24/25");
    expect(await response.text()).toBe("");
  });

  const badQueries: [string, number, string][] = [
    ["select=nickname", 400, "42703"],
    ["order=nickname.desc", 400, "42703"],
    ["order=name.sideways", 400, "PGRST100"],
    ["select=name;drop", 400, "PGRST100"],
    ["limit=-1", 416, "PGRST103"],
    ["name=Person", 400, "PGRST100"],
    ["nickname=eq.x", 400, "42703"],
    ["id=eq.abc", 400, "22P02"],
  ];
  it.each(badQueries)("refuses ?%s with %i %s", async (query, status, code) => {
    const response = await asService(`${table}?${query}`);
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ code });
  });

  it("ignores a limit or offset that is not a whole number, as PostgREST does", async () => {
    const response = await asService(`${table}?select=id&offset=ten&limit=2.5`, {
      prefer: "count=exact",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-range")).toBe("0-24/25");
  });

  it("lets anon read nothing, and a signed-in user who is not on the team see no row", async () => {
    const anon = await request(table);
    expect(anon.status).toBe(401);
    expect(await anon.json()).toMatchObject({
      code: "42501",
      message: "permission denied for table contact_submissions",
    });
    const userToken = await sign({
      role: "authenticated",
      sub: "00000000-0000-0000-0000-000000000001",
      aal: "aal2",
    });
    const user = await request(table, {
      headers: { authorization: `Bearer ${userToken}`, prefer: "count=exact" },
    });
    expect(user.status).toBe(200);
    expect(user.headers.get("content-range")).toBe("*/0");
    expect(await user.json()).toEqual([]);
  });

  it("answers an unknown table as PostgREST does", async () => {
    const response = await request("/rest/v1/secrets");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({
      code: "PGRST205",
      message: "Could not find the table 'public.secrets' in the schema cache",
    });
  });
});

describe("arrays", () => {
  it("are stored for every role, each row through the database's own checks", async () => {
    const before = await rowCount();
    const userToken = await sign({
      role: "authenticated",
      sub: "00000000-0000-0000-0000-000000000002",
      exp: Math.floor(Date.now() / 1000) + 60,
    });
    const user = await request(table, {
      method: "POST",
      body: JSON.stringify([validRow, validRow]),
      headers: { authorization: `Bearer ${userToken}` },
    });
    expect(user.status).toBe(201);
    const anon = await request(table, { method: "POST", body: JSON.stringify([validRow]) });
    expect(anon.status).toBe(201);
    expect(await rowCount()).toBe(before + 3);
  });
});

describe("replacing or deleting submissions", () => {
  it.each([
    ["PUT", `${table}?id=eq.1`],
    ["DELETE", `${table}?email=eq.layla@example.com`],
  ])("refuses %s to every role and changes nothing", async (method, path) => {
    const before = await rowCount();
    const anon = await request(path, { method, body: JSON.stringify({ name: "x" }) });
    expect(anon.status).toBe(401);
    expect(await anon.json()).toMatchObject({ code: "42501" });
    const service = await request(path, {
      method,
      key: server.keys.service_role,
      body: JSON.stringify({ name: "x" }),
    });
    expect(service.status).toBe(403);
    expect(await service.json()).toMatchObject({ code: "42501" });
    expect(await rowCount()).toBe(before);
  });
});

describe("CORS", () => {
  const preflight = (origin: string) =>
    server.app.request(table, {
      method: "OPTIONS",
      headers: {
        origin,
        "access-control-request-method": "POST",
        "access-control-request-headers": "apikey, authorization, content-type, x-client-info",
      },
    });

  it("allows a listed origin with supabase-js's headers and exposes Content-Range", async () => {
    const response = await preflight("https://allowed.example");
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("https://allowed.example");
    expect(response.headers.get("access-control-allow-headers")).toContain("x-client-info");
    const post = await request(table, {
      method: "POST",
      body: JSON.stringify(validRow),
      headers: { origin: "https://allowed.example" },
    });
    expect(post.headers.get("access-control-expose-headers")).toContain("Content-Range");
  });

  it("gives an unlisted origin nothing to read", async () => {
    const response = await preflight("https://elsewhere.example");
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
  });
});
