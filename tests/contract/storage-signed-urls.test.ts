import type { SupabaseClient } from "@supabase/supabase-js";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientFor, contractTarget, type ContractTarget } from "../support/contract-target.ts";
import { expectStorageError, storedFiles, uniqueBucket } from "../support/storage.ts";

// Signed URLs, signed upload URLs and public URLs, as supabase-js makes and follows them: a
// signed or public address is fetched with no key at all, as a browser's <img> fetches it.
let target: ContractTarget;
let service: SupabaseClient;
const secret = uniqueBucket("secret");
const shown = uniqueBucket("shown");

beforeAll(async () => {
  target = await contractTarget();
  service = clientFor(target, target.serviceRoleKey);
  await service.storage.createBucket(secret, { public: false });
  await service.storage.createBucket(shown, { public: true });
  await service.storage.from(secret).upload("docs/report.txt", "the report", {
    contentType: "text/plain",
  });
  await service.storage.from(shown).upload("pictures/cover.txt", "the cover", {
    contentType: "text/plain",
  });
});
afterAll(async () => {
  for (const id of [secret, shown]) {
    await service.storage.emptyBucket(id);
    await service.storage.deleteBucket(id);
  }
  await target.close();
});

async function fetchWithoutKey(url: string) {
  return target.fetch(url);
}

describe("a signed URL", () => {
  it("reads a private object with no key until it expires, saying when", async () => {
    const signed = await service.storage.from(secret).createSignedUrl("docs/report.txt", 60);
    expect(signed.error).toBeNull();
    expect(signed.data!.signedUrl).toMatch(
      new RegExp(`/storage/v1/object/sign/${secret}/docs/report\\.txt\\?token=`, "u"),
    );
    const answer = await fetchWithoutKey(signed.data!.signedUrl);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe("the report");
    expect(answer.headers.get("content-type")).toBe("text/plain");
    expect(Date.parse(answer.headers.get("expires")!)).toBeGreaterThan(Date.now());
  });

  it("asks for an attachment with download, named as given", async () => {
    const named = await service.storage
      .from(secret)
      .createSignedUrl("docs/report.txt", 60, { download: "report 2026.txt" });
    const answer = await fetchWithoutKey(named.data!.signedUrl);
    expect(answer.headers.get("content-disposition")).toBe(
      "attachment; filename=report%202026.txt; filename*=UTF-8''report%202026.txt",
    );
    const plain = await service.storage
      .from(secret)
      .createSignedUrl("docs/report.txt", 60, { download: true });
    const attachment = await fetchWithoutKey(plain.data!.signedUrl);
    expect(attachment.headers.get("content-disposition")).toBe("attachment;");
  });

  it("is signed for many paths at once, with an error for each that is not there", async () => {
    const many = await service.storage
      .from(secret)
      .createSignedUrls(["docs/report.txt", "docs/none.txt"], 60);
    expect(many.error).toBeNull();
    expect(many.data![0]).toMatchObject({ error: null, path: "docs/report.txt" });
    expect(await (await fetchWithoutKey(many.data![0]!.signedUrl!)).text()).toBe("the report");
    expect(many.data![1]).toEqual({
      error: "Either the object does not exist or you do not have access to it",
      path: "docs/none.txt",
      signedURL: null,
      signedUrl: null,
    });
  });

  it("is refused for an object that is not there, or without expiresIn", async () => {
    const missing = await service.storage.from(secret).createSignedUrl("docs/none.txt", 60);
    expectStorageError(missing.error, {
      status: 400,
      statusCode: "404",
      message: "Object not found",
    });
    const response = await target.fetch(
      `${target.url}/storage/v1/object/sign/${secret}/docs/report.txt`,
      {
        method: "POST",
        headers: {
          apikey: target.serviceRoleKey,
          authorization: `Bearer ${target.serviceRoleKey}`,
          "content-type": "application/json",
        },
        body: "{}",
      },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      statusCode: "400",
      message: "body must have required property 'expiresIn'",
    });
  });

  it("refuses a forged token, and a token for another object", async () => {
    const signed = await service.storage.from(secret).createSignedUrl("docs/report.txt", 60);
    const url = new URL(signed.data!.signedUrl);
    const token = url.searchParams.get("token")!;
    const [header, payload, signature] = token.split(".");
    const flipped = signature!.startsWith("A")
      ? `B${signature!.slice(1)}`
      : `A${signature!.slice(1)}`;
    url.searchParams.set("token", `${header}.${payload}.${flipped}`);
    const forged = await fetchWithoutKey(url.toString());
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({
      statusCode: "400",
      error: "InvalidJWT",
      message: "signature verification failed",
    });
    const elsewhere = await fetchWithoutKey(
      `${target.url}/storage/v1/object/sign/${shown}/pictures/cover.txt?token=${token}`,
    );
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.json()).toMatchObject({
      statusCode: "400",
      error: "InvalidSignature",
      message: "Invalid signature",
    });
  });

  it.runIf(!process.env.CONTRACT_SUPABASE_URL || Boolean(process.env.CONTRACT_JWT_SECRET))(
    "refuses an expired token",
    async () => {
      const now = Math.floor(Date.now() / 1000);
      const expired = await new SignJWT({ url: `${secret}/docs/report.txt`, scope: "download" })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setIssuedAt(now - 120)
        .setExpirationTime(now - 60)
        .sign(new TextEncoder().encode(target.jwtSecret));
      const answer = await fetchWithoutKey(
        `${target.url}/storage/v1/object/sign/${secret}/docs/report.txt?token=${expired}`,
      );
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({
        statusCode: "400",
        error: "InvalidJWT",
        message: '"exp" claim timestamp check failed',
      });
    },
  );
});

describe("a public URL", () => {
  it("reads an object of a public bucket with no key, and not of a private one", async () => {
    const { data } = service.storage.from(shown).getPublicUrl("pictures/cover.txt");
    const answer = await fetchWithoutKey(data.publicUrl);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe("the cover");
    expect(answer.headers.get("cache-control")).toBe("max-age=3600");
    const hidden = service.storage.from(secret).getPublicUrl("docs/report.txt");
    const refused = await fetchWithoutKey(hidden.data.publicUrl);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ statusCode: "404", message: "Bucket not found" });
  });
});

describe("a signed upload URL", () => {
  it("lets whoever holds it upload that one object, once", async () => {
    const signed = await service.storage.from(secret).createSignedUploadUrl("inbox/drop.txt");
    expect(signed.error).toBeNull();
    expect(signed.data).toMatchObject({ path: "inbox/drop.txt" });
    const stranger = clientFor(target, target.anonKey);
    const uploaded = await stranger.storage
      .from(secret)
      .uploadToSignedUrl("inbox/drop.txt", signed.data!.token, new Blob(["dropped"]));
    expect(uploaded.error).toBeNull();
    expect(uploaded.data).toMatchObject({
      path: "inbox/drop.txt",
      fullPath: `${secret}/inbox/drop.txt`,
    });
    const again = await stranger.storage
      .from(secret)
      .uploadToSignedUrl("inbox/drop.txt", signed.data!.token, new Blob(["twice"]));
    expect(again.error).not.toBeNull();
    const { data } = await service.storage.from(secret).download("inbox/drop.txt");
    expect(await data!.text()).toBe("dropped");
    const elsewhere = await stranger.storage
      .from(secret)
      .uploadToSignedUrl("inbox/other.txt", signed.data!.token, new Blob(["other"]));
    expectStorageError(elsewhere.error, {
      status: 400,
      statusCode: "400",
      message: "Invalid signature",
    });
  });

  it.runIf(!process.env.CONTRACT_SUPABASE_URL)(
    "is refused when replayed, even with upsert, and the replay changes nothing",
    async () => {
      const signed = await service.storage
        .from(secret)
        .createSignedUploadUrl("inbox/again.txt", { upsert: true });
      const stranger = clientFor(target, target.anonKey);
      const first = await stranger.storage
        .from(secret)
        .uploadToSignedUrl("inbox/again.txt", signed.data!.token, "first", { upsert: true });
      expect(first.error).toBeNull();
      const replay = await stranger.storage
        .from(secret)
        .uploadToSignedUrl("inbox/again.txt", signed.data!.token, "second", { upsert: true });
      expectStorageError(replay.error, {
        status: 400,
        statusCode: "400",
        message: "The signed upload URL has already been used",
      });
      const { data } = await service.storage.from(secret).download("inbox/again.txt");
      expect(await data!.text()).toBe("first");
      expect(await storedFiles(target, `${secret}/inbox/again.txt`)).toHaveLength(1);
    },
  );

  it.runIf(!process.env.CONTRACT_SUPABASE_URL)(
    "is used up by its signature, not by how it is spelled",
    async () => {
      const signed = await service.storage
        .from(secret)
        .createSignedUploadUrl("inbox/spelled.txt", { upsert: true });
      const token = signed.data!.token;
      // The signature's last base64url letter carries two bits the decoded bytes do not keep:
      // its sibling spells the same signature.
      const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
      const sibling = `${token.slice(0, -1)}${alphabet[alphabet.indexOf(token.at(-1)!) ^ 1]}`;
      expect(sibling).not.toBe(token);
      const stranger = clientFor(target, target.anonKey);
      const first = await stranger.storage
        .from(secret)
        .uploadToSignedUrl("inbox/spelled.txt", token, "first", { upsert: true });
      expect(first.error).toBeNull();
      const respelled = await stranger.storage
        .from(secret)
        .uploadToSignedUrl("inbox/spelled.txt", sibling, "second", { upsert: true });
      expectStorageError(respelled.error, {
        status: 400,
        statusCode: "400",
        message: "The signed upload URL has already been used",
      });
      const { data } = await service.storage.from(secret).download("inbox/spelled.txt");
      expect(await data!.text()).toBe("first");
    },
  );

  it("is not made for anon where no policy would let it write", async () => {
    const anon = clientFor(target, target.anonKey);
    const refused = await anon.storage.from(secret).createSignedUploadUrl("inbox/anon.txt");
    expect(refused.data).toBeNull();
    expectStorageError(refused.error, {
      status: 400,
      statusCode: "403",
      message: "new row violates row-level security policy",
    });
  });
});
