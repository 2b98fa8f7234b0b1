import { readdir, readFile } from "node:fs/promises";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { connect, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startTestServer,
  testOrigin,
  type TestServer,
} from "../../../tests/support/test-server.ts";

const pages: [string, "ar" | "en"][] = [
  ["index.html", "ar"],
  ["contact/index.html", "ar"],
  ["__not-found/index.html", "ar"],
  ["en/index.html", "en"],
  ["en/contact/index.html", "en"],
  ["en/__not-found/index.html", "en"],
];

let directory: string;
let server: TestServer;
let listening: ServerType;
let port: number;
beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "kalima-redirects-"));
  for (const [file, language] of pages) {
    await mkdir(path.dirname(path.join(directory, file)), { recursive: true });
    await writeFile(path.join(directory, file), `<!DOCTYPE html><html lang="${language}"></html>`);
  }
  server = await startTestServer({ siteDir: directory });
  await new Promise<void>((resolve) => {
    listening = serve({ fetch: server.app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve());
  });
  port = (listening.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => listening.close(resolve));
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

interface Answer {
  status: number;
  location: string | undefined;
}

/**
 * One request written byte for byte as a hostile client sends it: no client library normalizes
 * the path (backslashes, tabs, dot segments) first.
 */
function rawRequest(method: string, target: string, body = ""): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      const head = Buffer.concat(chunks).toString("latin1").split("\r\n\r\n")[0] ?? "";
      const [statusLine = "", ...headers] = head.split("\r\n");
      const location = headers
        .find((line) => line.toLowerCase().startsWith("location:"))
        ?.slice("location:".length)
        .trim();
      resolve({ status: Number(statusLine.split(" ")[1]), location });
    });
    const bodyHeaders = body
      ? `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`
      : "";
    // Written, not ended: the server closes the connection once it has answered (Connection: close).
    socket.write(
      `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n${bodyHeaders}\r\n${body}`,
      "latin1",
    );
  });
}

/** The origin a browser on the site ends up at when it follows the answer's Location. */
function followedOrigin(answer: Answer): string {
  return new URL(answer.location ?? "/", `${testOrigin}/en/contact`).origin;
}

const hostilePaths = [
  "//evil.example",
  "//evil.example/path",
  "/\\\\evil.example",
  "/%2fevil.example",
  "/%2Fevil.example/",
  "/%5cevil.example",
  "/%5C%5Cevil.example",
  "/%09/evil.example",
  "/%0a/evil.example",
  "/%0d%0a/evil.example",
  "/%2f%2fevil.example",
  "/./\\evil.example",
  "/.//evil.example",
  "/../evil.example",
  "/..//evil.example",
  "/a/../..//evil.example",
  "/%2e%2e//evil.example",
  "/\\/evil.example",
  "/%5c/evil.example",
  "/https://evil.example/",
  "/https:%2f%2fevil.example",
  "/" + "a".repeat(3000),
  "//" + "a".repeat(3000),
  "/%D8%A8%D8%B1%D8%A7%D9%85%D8%AC//evil.example",
  "/\u0628\u0631\u0627\u0645\u062c",
];
const addresses = hostilePaths.flatMap((hostile) => [`/en${hostile}`, hostile]);

describe("every redirect stays on the site", () => {
  it.each([
    ["/en//evil.example?language=ar", "/"],
    ["/en//evil.example/path?language=ar&x=1", "/?x=1"],
    ["/en/%2fevil.example?language=ar", "/"],
    ["/en/%5cevil.example?language=ar", "/"],
    ["/en/%09/evil.example?language=ar", "/"],
    ["//evil.example?language=en", "/en//evil.example"],
    ["/en/contact?language=ar", "/contact"],
  ])("the language switch at %s answers 303 to %s", async (address, location) => {
    const answer = await rawRequest("GET", address);
    expect(answer).toEqual({ status: 303, location });
  });

  it("the language switch at /en/\\\\evil.example is refused before it reaches the site", async () => {
    // Node's HTTP server answers 400 to a backslash in the path; were it let through, the
    // site's own answer would be the table's above.
    expect(await rawRequest("GET", "/en/\\\\evil.example?language=ar")).toEqual({
      status: 400,
      location: undefined,
    });
    const inProcess = await server.app.request("/en/\\\\evil.example?language=ar");
    expect(inProcess.headers.get("location")).toBe("/");
  });

  it.each(addresses)("the language switch at %s", async (address) => {
    for (const language of ["ar", "en"]) {
      for (const method of ["GET", "HEAD"]) {
        const answer = await rawRequest(method, `${address}?language=${language}&x=%2f%2fevil`);
        // Node refuses some of these outright (400): nothing is redirected then.
        if (answer.status === 400) continue;
        expect(answer.status, `${method} ${address}`).toBe(303);
        expect(followedOrigin(answer), `${method} ${address} → ${answer.location}`).toBe(
          testOrigin,
        );
        expect(answer.location).toMatch(/^\/(?![/\\])/u);
      }
    }
  });

  it.each(addresses)("a form posted to %s", async (address) => {
    const fields = new URLSearchParams({
      name: "Sam",
      email: `redirect-${Math.random().toString(36).slice(2)}@example.com`,
      message: "Hello",
      answer: "5",
    }).toString();
    const answer = await rawRequest("POST", address, fields);
    // None of these is a form's address: refused, and sent nowhere. Node's parser refuses a
    // backslash in the path (400) before the site sees it; the site answers the rest 405.
    expect(answer).toEqual({ status: address.includes("\\") ? 400 : 405, location: undefined });
  });

  it.each([
    ["/contact", "/contact?outcome=sent#form-outcome"],
    ["/en/contact", "/en/contact?outcome=sent#form-outcome"],
    ["/en/contact//", "/en/contact?outcome=sent#form-outcome"],
  ])("a form posted to %s answers 303 to %s", async (address, location) => {
    const fields = new URLSearchParams({
      name: "Sam",
      email: `redirect-${Math.random().toString(36).slice(2)}@example.com`,
      message: "Hello",
      answer: "5",
    }).toString();
    expect(await rawRequest("POST", address, fields)).toEqual({ status: 303, location });
  });
});

/** The server's files that write a Location of their own, and how each keeps it in bounds. */
const redirectingFiles = new Map([
  // The site's own redirects: every one through redirectWithinSite.
  ["site/redirect.ts", "sitePath"],
  // An OAuth provider's authorization endpoint, from the server's configuration.
  ["auth/authorize.ts", "endpoints.authorizationUrl"],
  // redirect_to, checked against SITE_URL and AUTH_REDIRECT_URLS when the flow began.
  ["auth/callback.ts", "flow.referrer"],
  ["auth/verify.ts", "inviteRedirect("],
]);

async function serverSources(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries
    .filter(
      (entry) => entry.isFile() && /\.ts$/u.test(entry.name) && !/\.test\.ts$/u.test(entry.name),
    )
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe("no route writes a Location another way", () => {
  it("only the known files redirect, each through its guard", async () => {
    const root = path.resolve(import.meta.dirname, "..");
    const writers: string[] = [];
    for (const file of await serverSources(root)) {
      const source = await readFile(file, "utf8");
      if (/\.redirect\(|["'`]location["'`]/iu.test(source)) {
        writers.push(path.relative(root, file).split(path.sep).join("/"));
      }
    }
    expect(writers.sort()).toEqual([...redirectingFiles.keys()].sort());
    for (const [file, guard] of redirectingFiles) {
      expect(await readFile(path.join(root, file), "utf8"), file).toContain(guard);
    }
  });

  it("the site's redirects call the one helper", async () => {
    const root = path.resolve(import.meta.dirname);
    for (const file of ["serve-site.ts", "form-post.ts"]) {
      const source = await readFile(path.join(root, file), "utf8");
      expect(source, file).toContain("redirectWithinSite(");
      expect(source, file).not.toMatch(/c\.redirect\(/u);
    }
  });
});
