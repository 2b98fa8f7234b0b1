import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  clientFor,
  contractTarget,
  uniqueEmail,
  type ContractTarget,
} from "../support/contract-target.ts";

// What the site and the team's tools do with supabase-js, checked against the server.
let target: ContractTarget;
beforeAll(async () => {
  target = await contractTarget();
});
afterAll(() => target.close());

const row = (email: string) => ({
  name: "نور الهدى",
  email,
  phone: null,
  message: "أريد الانضمام إلى برنامج المتكلم 🎙️\nشكرًا!",
  form_source: "Mutakallim Program",
});

describe("the site's insert, through supabase-js", () => {
  it("stores a submission and yields 201 with no data", async () => {
    const anon = clientFor(target, target.anonKey);
    const email = uniqueEmail("contract");
    const result = await anon.from("contact_submissions").insert(row(email));
    expect(result).toMatchObject({
      error: null,
      data: null,
      count: null,
      status: 201,
      statusText: "Created",
    });

    // The newest row is ours on our own server; a shared hosted project is read by filter.
    const service = clientFor(target, target.serviceRoleKey);
    const columns = "name, email, phone, message, form_source";
    const { data } =
      target.kind === "ours"
        ? await service
            .from("contact_submissions")
            .select(columns)
            .order("id", { ascending: false })
            .range(0, 0)
        : await service.from("contact_submissions").select(columns).eq("email", email);
    expect(data).toEqual([row(email)]);
  });

  it("stores a phone number typed with Arabic-Indic digits with Latin ones, groups in order", async () => {
    const anon = clientFor(target, target.anonKey);
    const email = uniqueEmail("phone");
    const sent = await anon
      .from("contact_submissions")
      .insert({ ...row(email), phone: "+٩٦٢ ٧٩ ١٢٣ ۴۵۶۷" });
    expect(sent.error).toBeNull();
    const service = clientFor(target, target.serviceRoleKey);
    const { data } = await service.from("contact_submissions").select("phone").eq("email", email);
    expect(data).toEqual([{ phone: "+962 79 123 4567" }]);
  });

  it("passes the server's errors through as `error`", async () => {
    const anon = clientFor(target, target.anonKey);
    const missing = await anon
      .from("contact_submissions")
      .insert({ ...row(uniqueEmail("x")), email: undefined });
    expect(missing.status).toBe(400);
    expect(missing.error).toMatchObject({ code: "23502" });

    const unknown = await anon
      .from("contact_submissions")
      .insert({ ...row(uniqueEmail("x")), nickname: "n" });
    expect(unknown.status).toBe(400);
    expect(unknown.error).toMatchObject({ code: "PGRST204" });

    const invalid = await anon
      .from("contact_submissions")
      .insert({ ...row("not-an-email"), email: "not-an-email" });
    expect(invalid.status).toBe(400);
    expect(invalid.error).toMatchObject({ code: "23514" });

    const representation = await anon
      .from("contact_submissions")
      .insert(row(uniqueEmail("x")))
      .select();
    expect(representation.status).toBe(401);
    expect(representation.error).toMatchObject({ code: "42501" });
  });
});

describe("the team's listing, through supabase-js", () => {
  it("reads with service_role: newest first, counted, paged", async () => {
    const anon = clientFor(target, target.anonKey);
    for (let index = 0; index < 3; index += 1) {
      await anon.from("contact_submissions").insert(row(uniqueEmail(`page${index}`)));
    }
    const service = clientFor(target, target.serviceRoleKey);
    const { data, count, status, error } = await service
      .from("contact_submissions")
      .select("id,name,created_at", { count: "exact" })
      .order("created_at", { ascending: false })
      .range(0, 1)
      .overrideTypes<{ id: number; name: string; created_at: string }[], { merge: false }>();
    expect(error).toBeNull();
    expect(data).toHaveLength(2);
    expect(count).toBeGreaterThanOrEqual(3);
    expect(status).toBe(206);
    const [first, second] = data ?? [];
    expect(Date.parse(first?.created_at ?? "")).toBeGreaterThanOrEqual(
      Date.parse(second?.created_at ?? ""),
    );
  });

  it("gives anon nothing", async () => {
    const anon = clientFor(target, target.anonKey);
    const { data, error, status } = await anon.from("contact_submissions").select("*");
    expect({ data, status, code: error?.code }).toEqual({ data: null, status: 401, code: "42501" });
  });
});
