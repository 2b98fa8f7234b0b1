import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insert, processJwtSecret, processKeys, submission } from "../support/api.ts";
import { createDatabase, onPostgres } from "../support/postgres-databases.ts";
import {
  makeDataDir,
  makeMigratedDataDir,
  removeDataDir,
  runServerCommand,
  spawnServer,
} from "../support/spawn-server.ts";

const databaseKind = onPostgres() ? "PostgreSQL" : "the embedded database";

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"') quoted = true;
    else if (character === ",") {
      row.push(field);
      field = "";
    } else if (character === "\r" && text[index + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      index += 1;
    } else field += character;
  }
  return rows;
}

/** A place for a suite; `migrated`, its embedded database has the migrations already. */
async function setUp(label: string, { migrated = true } = {}) {
  const dataDir = migrated ? await makeMigratedDataDir() : await makeDataDir();
  const database = onPostgres() ? await createDatabase(label) : undefined;
  const env: Record<string, string> = {
    JWT_SECRET: processJwtSecret,
    LOG_REQUESTS: "false",
    ...(database ? { DATABASE_URL: database.url } : {}),
  };
  return {
    dataDir,
    env,
    tearDown: async () => {
      await database?.drop();
      await removeDataDir(dataDir);
    },
  };
}

describe(`npm run migrate on ${databaseKind}`, () => {
  let place: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    place = await setUp("migrate", { migrated: false });
  });
  afterAll(() => place.tearDown());

  it("migrates without serving, once, and the server then has nothing to apply", async () => {
    const first = await runServerCommand("migrate", [], place.env, place.dataDir);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^Applied to the .+:\n {2}\d{14}_api_roles\n/u);
    const again = await runServerCommand("migrate", [], place.env, place.dataDir);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^Nothing to apply: .+ has all \d+ migrations\.\n$/u);
    const server = await spawnServer(place.env, place.dataDir);
    await server.stop();
    expect(server.output()).toContain('"message":"listening"');
    expect(server.output()).not.toContain("migrations applied");
  });
});

describe(`npm run limits on ${databaseKind}`, () => {
  let place: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    place = await setUp("limits");
    expect((await runServerCommand("migrate", [], place.env, place.dataDir)).code).toBe(0);
  });
  afterAll(() => place.tearDown());

  // Six runs of the command and a server start, each opening the database: a minute or more.
  it("shows the defaults, refuses a bad value changing nothing, and the server obeys a change", async () => {
    const shown = await runServerCommand("limits", [], place.env, place.dataDir);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain("per client: 5 in 00:10:00, 20 a day\n");
    expect(shown.stdout).toContain("per address: 30 in 00:10:00, 200 a day, whatever the emails\n");
    expect(shown.stdout).toContain("everyone:   2000 a day\n");
    expect(shown.stdout).toContain(
      "mail to unproved addresses (registration confirmations): 50 an hour for the whole site\n",
    );
    expect(shown.stdout).toContain("replies from the inbox: 30 an hour per member\n");
    expect(shown.stdout).toContain("kept: spam 30 days, everything else until deleted\n");

    for (const bad of [
      ["--per-client-burst", "0"],
      ["--burst-window", "2 days"],
      ["--per-client", "3"],
      ["--unproved-mail-per-hour", "-1"],
      ["--replies-per-member-per-hour", "ten"],
      ["--spam-retention-days", "0"],
    ]) {
      const refused = await runServerCommand("limits", bad, place.env, place.dataDir);
      expect(refused.code, bad.join(" ")).toBe(2);
      expect(refused.stderr).toContain("Usage: npm run limits");
    }
    const unchanged = await runServerCommand("limits", [], place.env, place.dataDir);
    expect(unchanged.stdout).toBe(shown.stdout);

    const changed = await runServerCommand(
      "limits",
      [
        "--per-client-burst",
        "2",
        "--per-address-burst",
        "2",
        "--burst-window",
        "1 hour",
        "--unproved-mail-per-hour",
        "0",
        "--replies-per-member-per-hour",
        "5",
        "--keep-months",
        "24",
      ],
      place.env,
      place.dataDir,
    );
    expect(changed.code).toBe(0);
    expect(changed.stdout).toContain("per client: 2 in 01:00:00, 20 a day\n");
    expect(changed.stdout).toContain(
      "per address: 2 in 01:00:00, 200 a day, whatever the emails\n",
    );
    expect(changed.stdout).toContain("registration confirmations): 0 an hour");
    expect(changed.stdout).toContain("replies from the inbox: 5 an hour per member\n");
    expect(changed.stdout).toContain("kept: spam 30 days, everything else 24 months\n");

    const keys = await processKeys();
    const server = await spawnServer(place.env, place.dataDir);
    try {
      const answers = [];
      for (let index = 0; index < 3; index += 1) {
        const response = await insert(
          server.url,
          keys.anon,
          submission(`limit-${index}@example.com`),
        );
        const text = await response.text();
        answers.push({
          status: response.status,
          body: text ? (JSON.parse(text) as unknown) : null,
        });
      }
      expect(answers.map((answer) => answer.status)).toEqual([201, 201, 429]);
      expect(answers[2]?.body).toMatchObject({
        code: "PT429",
        hint: expect.stringMatching(/^Try again in \d+ seconds\.$/u) as string,
      });
    } finally {
      await server.stop();
    }
  }, 150_000);
});

describe(`npm run export on ${databaseKind}`, () => {
  let place: Awaited<ReturnType<typeof setUp>>;
  const tricky = {
    name: 'سارة «الكاتبة» "O\'Neil", Jr.',
    email: "sara@example.com",
    phone: "+966 50 000 0000",
    message: "مرحبًا 👋🏽\nسطر ثانٍ, وفاصلة\r\n=1+1",
    form_source: "Mutakallim Program",
  };
  const bulk = 2500;

  beforeAll(async () => {
    place = await setUp("export");
    const keys = await processKeys();
    const server = await spawnServer(place.env, place.dataDir);
    try {
      expect((await insert(server.url, keys.anon, tricky)).status).toBe(201);
      const old = { ...submission("old@example.com"), created_at: "2020-01-01T00:00:00Z" };
      expect((await insert(server.url, keys.service_role, old)).status).toBe(201);
      for (let start = 0; start < bulk; start += 250) {
        const rows = Array.from({ length: 250 }, (_, index) =>
          submission(`bulk-${start + index}@example.com`),
        );
        expect((await insert(server.url, keys.service_role, rows)).status).toBe(201);
      }
    } finally {
      await server.stop();
    }
  });
  afterAll(() => place.tearDown());

  it("writes every submission as CSV, quoted, in UTF-8 with Arabic intact, oldest first", async () => {
    const { code, stdout } = await runServerCommand(
      "export",
      ["--format", "csv"],
      place.env,
      place.dataDir,
    );
    expect(code).toBe(0);
    expect(
      stdout.startsWith(
        "\uFEFFid,created_at,name,email,phone,message,form_source,status,note,conversation\r\n",
      ),
    ).toBe(true);
    const rows = parseCsv(stdout.slice(1));
    expect(rows).toHaveLength(1 + 2 + bulk);
    expect(rows[1]).toEqual([
      expect.stringMatching(/^\d+$/u),
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/u),
      tricky.name,
      tricky.email,
      `'${tricky.phone}`,
      tricky.message,
      tricky.form_source,
      "new",
      "",
      "",
    ]);
    expect(rows.at(-1)?.[3]).toBe(`bulk-${bulk - 1}@example.com`);
  });

  it("writes JSON, and only what was sent since a date", async () => {
    const all = await runServerCommand("export", ["--format", "json"], place.env, place.dataDir);
    expect(all.code).toBe(0);
    const rows = JSON.parse(all.stdout) as Record<string, unknown>[];
    expect(rows).toHaveLength(2 + bulk);
    expect(rows[0]).toEqual({
      id: expect.any(Number) as unknown,
      created_at: expect.stringMatching(/Z$/u) as unknown,
      ...tricky,
      status: "new",
      note: "",
      conversation: [],
    });

    const recent = await runServerCommand(
      "export",
      ["--format", "json", "--since", "2021-06-01"],
      place.env,
      place.dataDir,
    );
    const emails = (JSON.parse(recent.stdout) as { email: string }[]).map((row) => row.email);
    expect(emails).toHaveLength(1 + bulk);
    expect(emails).not.toContain("old@example.com");
  });

  it.each([
    [[], "--format is required"],
    [["--format", "xml"], "--format must be csv or json, not xml"],
    [["--format", "csv", "--since", "2026-02-30"], "--since 2026-02-30 is not a date"],
    [["--format", "csv", "--since", "yesterday"], "--since yesterday is not a date"],
    [["--format", "csv", "--colour"], "Unknown option '--colour'"],
  ])("refuses %j with a clear message and the usage", async (args, message) => {
    const { code, stdout, stderr } = await runServerCommand(
      "export",
      args,
      place.env,
      place.dataDir,
    );
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toContain(message);
    expect(stderr).toContain("Usage: npm run export -- --format csv|json");
  });
});
