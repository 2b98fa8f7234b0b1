import { FunctionsHttpError, type SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientFor, contractTarget, type ContractTarget } from "../support/contract-target.ts";

// No Edge Function is deployed on Kalima: /functions/v1 answers every call as a hosted project's
// gateway answers for a function that does not exist.
let target: ContractTarget;
let anon: SupabaseClient;

beforeAll(async () => {
  target = await contractTarget();
  anon = clientFor(target, target.anonKey);
});
afterAll(async () => {
  await target?.close();
});

const notFound = { code: "NOT_FOUND", message: "Requested function was not found" };

describe("functions.invoke", () => {
  it("answers a function that does not exist with Supabase's 404, read as a FunctionsHttpError", async () => {
    const { data, ...answer } = await anon.functions.invoke<unknown>("anything", {
      body: { name: "Layla" },
    });
    const response = answer.response;
    expect(data).toBeNull();
    expect(answer.error).toBeInstanceOf(FunctionsHttpError);
    expect(response?.status).toBe(404);
    expect(response?.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response?.json()).toEqual(notFound);
  });

  it("answers so whatever the method, body, region or path, with or without a key", async () => {
    for (const [method, body] of [
      ["GET", undefined],
      ["PUT", "plain text"],
      ["PATCH", new Blob([new Uint8Array([1, 2, 3])])],
      ["DELETE", undefined],
    ] as const) {
      const { response, ...answer } = await anon.functions.invoke<unknown>("reports/monthly", {
        method,
        body,
        region: "eu-west-1" as never,
      });
      expect(answer.error, method).toBeInstanceOf(FunctionsHttpError);
      expect(response?.status, method).toBe(404);
      expect(await response?.json(), method).toEqual(notFound);
    }
    const keyless = await target.fetch(`${target.url}/functions/v1/hello`, { method: "POST" });
    expect(keyless.status).toBe(404);
    expect(await keyless.json()).toEqual(notFound);
  });
});

describe.runIf(!process.env.CONTRACT_SUPABASE_URL)("CORS on our server", () => {
  it("lets an allowed origin read the answer and preflight invoke's headers", async () => {
    const origin = "https://allowed.example";
    const preflight = await target.fetch(`${target.url}/functions/v1/hello`, {
      method: "OPTIONS",
      headers: {
        origin,
        "access-control-request-method": "POST",
        "access-control-request-headers":
          "apikey,authorization,x-client-info,content-type,x-region",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(origin);
    expect(preflight.headers.get("access-control-allow-headers")).toContain("x-region");
    const answer = await target.fetch(`${target.url}/functions/v1/hello`, {
      method: "POST",
      headers: { origin },
    });
    expect(answer.status).toBe(404);
    expect(answer.headers.get("access-control-allow-origin")).toBe(origin);
  });
});
