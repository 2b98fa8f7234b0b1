import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Logger } from "../log.ts";
import { startTestServer, type TestServer } from "../../../tests/support/test-server.ts";

// A failure the server answers with a 5xx is logged once, with its cause and the id the
// visitor's answer carries (X-Request-Id), however many times the request passed through the app.
let directory: string;
let server: TestServer;
const logged: { level: string; message: string; fields: Record<string, unknown> }[] = [];
const log: Logger = {
  info: () => {},
  warn: (message, fields = {}) => logged.push({ level: "warn", message, fields }),
  error: (message, fields = {}) => logged.push({ level: "error", message, fields }),
};

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "kalima-failure-log-"));
  await mkdir(path.join(directory, "contact"), { recursive: true });
  await writeFile(
    path.join(directory, "contact/index.html"),
    `<!DOCTYPE html><html lang="ar"><body><main><form method="post">` +
      `<div id="form-outcome"><div data-outcome="failed" hidden="" role="alert">failed</div></div>` +
      `</form></main></body></html>`,
  );
  server = await startTestServer({ siteDir: directory, log });
  // A fault inside the database, as a broken disk or a bug would raise it.
  await server.db.exec(`
    create function public.fail_inside() returns integer language plpgsql as $$
      begin raise exception 'the disk said no' using errcode = 'XX001'; end $$;
    grant execute on function public.fail_inside() to anon;
    create function public.refuse_everything() returns trigger language plpgsql as $$
      begin raise exception 'the disk said no' using errcode = 'XX001'; end $$;
    create trigger refuse_everything before insert on public.contact_submissions
      for each row execute function public.refuse_everything();
    notify pgrst, 'reload schema';
  `);
});
afterAll(async () => {
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

function errorsLogged() {
  return logged.filter((entry) => entry.level === "error");
}

describe("a 5xx in the log", () => {
  it("is one line with the cause and the answer's request id, on the REST API", async () => {
    logged.length = 0;
    const call = () =>
      server.app.request("/rest/v1/rpc/fail_inside", {
        method: "POST",
        headers: { apikey: server.keys.anon, "content-type": "application/json" },
        body: "{}",
      });
    // The schema cache reloads on the NOTIFY above; until then the function is unknown (404).
    let answer = await call();
    for (let tries = 0; answer.status === 404 && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      answer = await call();
    }
    expect(answer.status).toBe(500);
    expect(await answer.json()).toMatchObject({ code: "XX001", message: "the disk said no" });
    const id = answer.headers.get("x-request-id");
    expect(errorsLogged()).toEqual([
      {
        level: "error",
        message: "request failed",
        fields: expect.objectContaining({
          request_id: id,
          status: 500,
          path: "/rest/v1/rpc/fail_inside",
          error: expect.stringContaining("the disk said no") as unknown,
        }) as unknown,
      },
    ]);
  });

  it("keeps the visitor's request id through a form's pass into the REST API", async () => {
    logged.length = 0;
    const answer = await server.app.request("/contact", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        name: "ليلى",
        email: "layla@example.com",
        message: "مرحبا",
        answer: "5",
      }).toString(),
    });
    expect(answer.status).toBe(500);
    const id = answer.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/u);
    expect(errorsLogged()).toEqual([
      {
        level: "error",
        message: "request failed",
        fields: expect.objectContaining({
          request_id: id,
          status: 500,
          path: "/rest/v1/contact_submissions",
          error: expect.stringContaining("the disk said no") as unknown,
        }) as unknown,
      },
    ]);
  });
});
