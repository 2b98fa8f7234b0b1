import type {
  RealtimeChannel,
  RealtimePostgresChangesPayload,
  SupabaseClient,
} from "@supabase/supabase-js";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiKeys } from "../../../src/server/keys.ts";
import { clientAt, processJwtSecret, processKeys, submission } from "../../support/api.ts";
import { uniqueEmail, type ContractTarget } from "../../support/contract-target.ts";
import { createDatabase, type TestDatabase } from "../../support/postgres-databases.ts";
import { Heard, subscribed, subscribeRecording } from "../../support/realtime.ts";
import {
  makeDataDir,
  removeDataDir,
  spawnServer,
  type RunningServer,
} from "../../support/spawn-server.ts";
import { signedInMember } from "../../support/team-member.ts";

// Realtime behind a load balancer: two instances on one PostgreSQL, a client on either. A change
// comes from the database to every instance (its capture trigger's NOTIFY), whoever wrote it and
// however; broadcast and presence go from one instance to the other through the database too.
// When an instance restarts, realtime-js reconnects to it and joins its channels again by itself.
type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;

let database: TestDatabase;
let dataDirs: string[];
let first: RunningServer;
let second: RunningServer;
let keys: ApiKeys;
let env: Record<string, string>;
let member: SupabaseClient;
let inbox: RealtimeChannel;
let inboxStatuses: { status: string; error: Error | undefined }[];
const heard = new Heard<Change>();
const clients: SupabaseClient[] = [];

/** Waits until `done()`, polling every 50 ms, for at most `ms`; says whether it came true. */
async function eventually(done: () => boolean, ms = 20_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return done();
}

function anonAt(instance: RunningServer): SupabaseClient {
  const client = clientAt(instance.url, keys.anon);
  clients.push(client);
  return client;
}

const heardEmail = (email: string) => (change: Change) =>
  (change.new as Record<string, unknown>).email === email;

beforeAll(async () => {
  keys = await processKeys();
  database = await createDatabase("realtime_instances");
  dataDirs = await Promise.all([makeDataDir(), makeDataDir()]);
  env = {
    DATABASE_URL: database.url,
    JWT_SECRET: processJwtSecret,
    LOG_REQUESTS: "false",
    SUBMISSION_LIMITS: "false",
    API_RATE_LIMIT: "0",
  };
  const [one, two] = dataDirs;
  first = await spawnServer(env, one ?? "");
  second = await spawnServer(env, two ?? "");

  // A member of the team at aal2, signed in and subscribed on the second instance, as the inbox.
  // Without SITE_URL the invitation names port 0's address: its link is followed on the instance.
  const onSecond = (input: string | URL | Request) => {
    const address = new URL(input instanceof Request ? input.url : input);
    return `${second.url}${address.pathname}${address.search}`;
  };
  const target = {
    url: second.url,
    anonKey: keys.anon,
    serviceRoleKey: keys.service_role,
    fetch: (input, init) => globalThis.fetch(onSecond(input), init),
  } as ContractTarget;
  member = await signedInMember(target, clientAt(second.url, keys.service_role), "aal2");
  clients.push(member);
  inbox = member
    .channel("inbox")
    .on(
      "postgres_changes",
      { event: "INSERT", schema: "public", table: "contact_submissions" },
      heard.push,
    );
  inboxStatuses = subscribeRecording(inbox);
  expect(await eventually(() => inboxStatuses.some((seen) => seen.status === "SUBSCRIBED"))).toBe(
    true,
  );
}, 120_000);
afterAll(async () => {
  for (const client of clients) await client.removeAllChannels().catch(() => {});
  await Promise.all([first?.stop(), second?.stop()]);
  await database?.drop();
  await Promise.all((dataDirs ?? []).map(removeDataDir));
});

describe("realtime across two instances on one PostgreSQL", () => {
  it("brings a visitor's submission, inserted through one, to a member on the other", async () => {
    const email = uniqueEmail("across");
    const inserted = await anonAt(first).from("contact_submissions").insert(submission(email));
    expect(inserted.error).toBeNull();
    const change = await heard.next(heardEmail(email), 20_000);
    expect(change.eventType).toBe("INSERT");
    expect(change.new).toMatchObject({ email, form_source: "Contact Page" });
  });

  it("brings a submission too big for a notification (8000 bytes) across, read from the database", async () => {
    const email = uniqueEmail("long");
    const message = "الكلمة الطيبة صدقة ".repeat(250).slice(0, 5000);
    const inserted = await anonAt(first)
      .from("contact_submissions")
      .insert({ ...submission(email), message });
    expect(inserted.error).toBeNull();
    const change = await heard.next(heardEmail(email), 20_000);
    expect((change.new as Record<string, unknown>).message).toBe(message);
    const connection = new pg.Client({ connectionString: database.url });
    await connection.connect();
    try {
      const { rows } = await connection.query<{ spilled: number }>(
        `select count(*)::int as spilled from internal.realtime_spill
          where body -> 'record' ->> 'email' = $1`,
        [email],
      );
      expect(rows[0]?.spilled).toBe(1);
    } finally {
      await connection.end();
    }
  });

  it("brings a row written straight into the database, as psql would, to the member", async () => {
    const email = uniqueEmail("psql");
    const connection = new pg.Client({ connectionString: database.url });
    await connection.connect();
    try {
      await connection.query(
        `insert into public.contact_submissions (name, email, message, form_source)
         values ($1, $2, $3, 'Contact Page')`,
        ["سلمى", email, "كتبت مباشرة في قاعدة البيانات"],
      );
    } finally {
      await connection.end();
    }
    const change = await heard.next(heardEmail(email), 20_000);
    expect(change.new).toMatchObject({ email, name: "سلمى" });
  });

  it("lets a client on the other instance hear a broadcast sent on one", async () => {
    const onSecond = new Heard<{ payload: unknown }>();
    const listener = anonAt(second)
      .channel("room-across")
      .on("broadcast", { event: "hello" }, onSecond.push);
    const sender = anonAt(first).channel("room-across");
    await subscribed(listener);
    await subscribed(sender);
    const sent = await sender.send({ type: "broadcast", event: "hello", payload: { from: "A" } });
    expect(sent).toBe("ok");
    const message = await onSecond.next(() => true, 20_000);
    expect(message.payload).toEqual({ from: "A" });
  });

  it("shows presence tracked on one in the other's state, until the tracking socket closes", async () => {
    const watcher = anonAt(second).channel("lobby-across", {
      config: { presence: { key: "watcher" } },
    });
    watcher.on("presence", { event: "sync" }, () => {});
    await subscribed(watcher);

    const visitor = anonAt(first);
    const tracked = visitor.channel("lobby-across", { config: { presence: { key: "visitor-a" } } });
    tracked.on("presence", { event: "sync" }, () => {});
    await subscribed(tracked);
    expect(await tracked.track({ name: "نور" })).toBe("ok");

    const present = () => Object.keys(watcher.presenceState()).includes("visitor-a");
    expect(await eventually(present)).toBe(true);
    expect(watcher.presenceState()["visitor-a"]).toEqual([
      expect.objectContaining({ name: "نور" }),
    ]);

    // One who joins the other instance afterwards finds it in the state it is sent on joining.
    const latecomer = anonAt(second).channel("lobby-across", {
      config: { presence: { key: "latecomer" } },
    });
    latecomer.on("presence", { event: "sync" }, () => {});
    await subscribed(latecomer);
    expect(
      await eventually(() => Object.keys(latecomer.presenceState()).includes("visitor-a")),
    ).toBe(true);

    await visitor.realtime.disconnect();
    expect(await eventually(() => !present())).toBe(true);
    expect(Object.keys(latecomer.presenceState())).not.toContain("visitor-a");
  });

  it("reconnects and resubscribes by itself when the instance restarts, and hears the next change", async () => {
    // Someone present on the first instance all along, whom the restarted one has to ask about.
    const stayer = anonAt(first).channel("lobby-restart", {
      config: { presence: { key: "stayer" } },
    });
    stayer.on("presence", { event: "sync" }, () => {});
    await subscribed(stayer);
    expect(await stayer.track({ since: "before" })).toBe("ok");

    const joinsBefore = inboxStatuses.filter((seen) => seen.status === "SUBSCRIBED").length;
    const port = new URL(second.url).port;
    expect(await second.stop()).toBe(0);
    second = await spawnServer({ ...env, PORT: port }, dataDirs[1] ?? "");
    expect(second.url).toBe(`http://127.0.0.1:${port}`);

    // realtime-js waits a second, then two, then five between attempts.
    const joinedAgain = () =>
      inboxStatuses.filter((seen) => seen.status === "SUBSCRIBED").length > joinsBefore;
    expect(await eventually(joinedAgain, 45_000)).toBe(true);

    const email = uniqueEmail("after-restart");
    const inserted = await anonAt(first).from("contact_submissions").insert(submission(email));
    expect(inserted.error).toBeNull();
    const change = await heard.next(heardEmail(email), 20_000);
    expect(change.new).toMatchObject({ email });

    const newcomer = anonAt(second).channel("lobby-restart", {
      config: { presence: { key: "newcomer" } },
    });
    newcomer.on("presence", { event: "sync" }, () => {});
    await subscribed(newcomer);
    expect(await eventually(() => Object.keys(newcomer.presenceState()).includes("stayer"))).toBe(
      true,
    );
  }, 120_000);
});
