import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactErrorFields, contactErrors } from "../../shared/form-checks.ts";
import { startTestServer, type TestServer } from "../../../tests/support/test-server.ts";

/** A field's errors as prerendering writes them below it: all hidden. */
function fieldErrors(field: string): string {
  const messages = contactErrors
    .filter((error) => contactErrorFields[error] === field)
    .map((error) => `<span data-error-message="${error}" hidden="">${error}</span>`);
  return `<p id="f-${field}-error" data-field-error="f-${field}" hidden="">${messages.join("")}</p>`;
}

// The form as prerendering writes it: every outcome's note and every field's error hidden,
// empty controlled fields.
function formPage(language: "ar" | "en", route: string): string {
  const notes = ["sent", "verificationFailed", "tooMany", "failed"]
    .map((outcome) => `<div data-outcome="${outcome}" hidden="" role="alert">${outcome}</div>`)
    .join("");
  const errors = contactErrors.map((error) => `<li data-error="${error}" hidden="">${error}</li>`);
  return (
    `<!DOCTYPE html><html lang="${language}"><body><main>${route}</main>` +
    `<form method="post" data-form-source="x"><div id="form-outcome">${notes}` +
    `<div data-outcome="invalid" hidden="" role="alert"><ul>${errors.join("")}</ul></div></div>` +
    `<input id="f-name" name="name" type="text" required="" value=""/>${fieldErrors("name")}` +
    `<input id="f-email" name="email" type="email" value=""/>${fieldErrors("email")}` +
    `<input id="f-phone" name="phone" type="tel" value=""/>` +
    `<textarea id="f-message" name="message" required="" rows="5"></textarea>` +
    fieldErrors("message") +
    `<input id="f-answer" aria-describedby="f-answer-hint" name="answer" type="text" value=""/>` +
    fieldErrors("answer") +
    `</form></body></html>`
  );
}

const pages: [string, "ar" | "en", string][] = [
  ["contact/index.html", "ar", "/contact"],
  ["mutakallim/index.html", "ar", "/mutakallim"],
  ["about/index.html", "ar", "/about"],
  ["__not-found/index.html", "ar", "/__not-found"],
  ["en/contact/index.html", "en", "/en/contact"],
  ["en/mutakallim/index.html", "en", "/en/mutakallim"],
  ["en/__not-found/index.html", "en", "/en/__not-found"],
];

let directory: string;
let server: TestServer;
// The same pages on a server that keeps the database's submission limits on, as production does.
let limited: TestServer;
beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "kalima-forms-"));
  for (const [file, language, route] of pages) {
    await mkdir(path.dirname(path.join(directory, file)), { recursive: true });
    await writeFile(path.join(directory, file), formPage(language, route));
  }
  server = await startTestServer({ siteDir: directory });
  limited = await startTestServer({ siteDir: directory, submissionLimits: true });
});
afterAll(async () => {
  await server.close();
  await limited.close();
  await rm(directory, { recursive: true, force: true });
});

let sequence = 0;
function uniqueEmail(): string {
  sequence += 1;
  return `form-${Date.now().toString(36)}-${sequence}@example.com`;
}

function post(
  address: string,
  fields: Record<string, string>,
  headers: HeadersInit = {},
  on: TestServer = server,
) {
  return on.app.request(address, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

async function rowsFor(email: string) {
  const { rows } = await server.db.query<Record<string, unknown>>(
    "select name, email, phone, message, form_source from public.contact_submissions where email = $1",
    [email],
  );
  return rows;
}

async function stateOf(email: string, on: TestServer = server) {
  const { rows } = await on.db.query<{ language: string; status: string }>(
    "select language, status from public.contact_submissions where email = $1",
    [email],
  );
  return rows;
}

const shown = (html: string, attribute: string) => html.includes(`${attribute} role`);

describe("a form posted without scripts", () => {
  it.each([
    ["/contact", "/contact", "Contact Page", undefined],
    ["/en/contact", "/en/contact", "Contact Page", undefined],
    ["/mutakallim", "/mutakallim", "Mutakallim Program", undefined],
    ["/mutakallim", "/en/mutakallim", "Mutakallim Program", "kalima-language=en"],
  ])(
    "at %s stores one row and sends the visitor to %s's note (post/redirect/get)",
    async (address, page, source, cookie) => {
      const email = uniqueEmail();
      const answer = await post(
        address,
        { name: "  ليلى ", email: ` ${email} `, phone: " ", message: " مرحبا ", answer: " ٥ " },
        cookie ? { cookie } : {},
      );
      expect(answer.status).toBe(303);
      expect(answer.headers.get("location")).toBe(`${page}?outcome=sent#form-outcome`);
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(await rowsFor(email)).toEqual([
        { name: "ليلى", email, phone: null, message: "مرحبا", form_source: source },
      ]);

      const sent = await server.app.request(`${page}?outcome=sent`);
      expect(sent.status).toBe(200);
      expect(sent.headers.get("cache-control")).toBe("no-store");
      expect(sent.headers.get("content-language")).toBe(page.startsWith("/en") ? "en" : "ar");
      const html = await sent.text();
      expect(shown(html, 'data-outcome="sent"')).toBe(true);
      expect(shown(html, 'data-outcome="failed"')).toBe(false);
    },
  );

  it.each([
    ["/mutakallim", "ar"],
    ["/en/mutakallim", "en"],
  ])("stores the language of the page posted at %s (%s)", async (address, language) => {
    const email = uniqueEmail();
    const fields = { name: "Sam", email, message: "Hi", answer: "5" };
    expect((await post(address, fields)).status).toBe(303);
    expect(await stateOf(email)).toEqual([{ language, status: "new" }]);
  });

  it("answers a filled honeypot as a real submission, and the database keeps it as spam", async () => {
    const email = uniqueEmail();
    const fields = {
      name: "Bot",
      email,
      message: "Buy",
      answer: "5",
      website: "https://spam.example",
    };
    const answer = await post("/contact", fields);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/contact?outcome=sent#form-outcome");
    expect(await stateOf(email)).toEqual([{ language: "ar", status: "spam" }]);
  });

  it("shows the limit's note past the database's per-client limit, keeping the fields", async () => {
    // A client is an address and an email together: the same visitor writing a sixth time.
    const email = uniqueEmail();
    const sent: number[] = [];
    for (let index = 0; index < 5; index += 1) {
      const fields = { name: "Sam", email, message: `Hi ${index}`, answer: "5" };
      sent.push((await post("/en/contact", fields, {}, limited)).status);
    }
    expect(sent).toEqual([303, 303, 303, 303, 303]);
    const answer = await post(
      "/en/contact",
      { name: "Sam", email, message: "One more", answer: "5" },
      {},
      limited,
    );
    expect(answer.status).toBe(429);
    const html = await answer.text();
    expect(shown(html, 'data-outcome="tooMany"')).toBe(true);
    expect(shown(html, 'data-outcome="failed"')).toBe(false);
    expect(html).toContain(">One more</textarea>");
    expect(await stateOf(email, limited)).toHaveLength(5);
  });

  it("refuses missing fields by name, keeps what was typed, and stores nothing", async () => {
    const typed = {
      name: '<b>"Sam"</b> & co',
      email: "",
      phone: "+٢٠ ١",
      message: "\u200b ",
      answer: "",
    };
    const answer = await post("/en/contact", typed);
    expect(answer.status).toBe(422);
    expect(answer.headers.get("content-language")).toBe("en");
    const html = await answer.text();
    expect(shown(html, 'data-outcome="invalid"')).toBe(true);
    for (const error of contactErrors) {
      const expected = ["emailMissing", "messageMissing", "answerMissing"].includes(error);
      expect(html.includes(`data-error="${error}">`), error).toBe(expected);
      // Beside its field too, the field marked invalid and described by it.
      expect(html.includes(`data-error-message="${error}">`), error).toBe(expected);
    }
    expect(html).toContain('<input aria-invalid="true" aria-describedby="f-email-error" id=');
    expect(html).toContain('<textarea aria-invalid="true" aria-describedby="f-message-error" id=');
    expect(html).toContain(
      'aria-invalid="true" id="f-answer" aria-describedby="f-answer-hint f-answer-error"',
    );
    expect(html).toContain('<input id="f-name" name="name"');
    for (const field of ["email", "message", "answer"]) {
      expect(html).toContain(`<p id="f-${field}-error" data-field-error="f-${field}">`);
    }
    expect(html).toContain('<p id="f-name-error" data-field-error="f-name" hidden="">');
    expect(html).toContain(
      'name="name" type="text" required="" value="&lt;b&gt;&quot;Sam&quot;&lt;/b&gt; &amp; co"/>',
    );
    // Typed with Arabic-Indic digits, shown back with Latin ones, so its groups read in order.
    expect(html).toContain('name="phone" type="tel" value="+20 1"/>');
    expect(html).toContain('rows="5">\u200b </textarea>');
    const { rows } = await server.db.query(
      "select 1 from public.contact_submissions where name = $1",
      [typed.name],
    );
    expect(rows).toHaveLength(0);
  });

  it("says an email address has the wrong shape", async () => {
    const answer = await post("/contact", {
      name: "Sam",
      email: "sam@",
      message: "Hi",
      answer: "5",
    });
    expect(answer.status).toBe(422);
    const html = await answer.text();
    expect(html.includes('data-error="emailShape">')).toBe(true);
    expect(html.includes('data-error="emailMissing">')).toBe(false);
    expect(html.includes('data-error-message="emailShape">')).toBe(true);
    expect(html.includes('data-error-message="emailMissing">')).toBe(false);
    expect(html).toContain('<input aria-invalid="true" aria-describedby="f-email-error" id=');
  });

  it("refuses a wrong answer to 2 + 3, keeping the fields, and stores nothing", async () => {
    const email = uniqueEmail();
    const answer = await post("/contact", { name: "Sam", email, message: "Hi", answer: "4" });
    expect(answer.status).toBe(422);
    const html = await answer.text();
    expect(shown(html, 'data-outcome="invalid"')).toBe(true);
    // Focused as the page opens, which scrolls it into view.
    expect(html).toContain('autofocus="" data-outcome="invalid"');
    expect(html.includes('data-error="answerWrong">')).toBe(true);
    expect(html.includes('data-error-message="answerWrong">')).toBe(true);
    expect(html).toContain(
      '<input aria-invalid="true" id="f-answer" aria-describedby="f-answer-hint f-answer-error"',
    );
    expect(html).toContain(`value="${email}"`);
    expect(html).toContain('name="answer" type="text" value="4"/>');
    expect(await rowsFor(email)).toEqual([]);
  });

  it("answers the failure note when the database refuses the row, and keeps the fields", async () => {
    const email = uniqueEmail();
    const message = "x".repeat(5001);
    const answer = await post("/contact", { name: "Sam", email, message, answer: "5" });
    expect(answer.status).toBe(400);
    const html = await answer.text();
    expect(shown(html, 'data-outcome="failed"')).toBe(true);
    expect(html).toContain(`>${message}</textarea>`);
    expect(await rowsFor(email)).toEqual([]);
  });

  it("takes multipart/form-data as a browser may send it", async () => {
    const email = uniqueEmail();
    const body = new FormData();
    for (const [name, value] of Object.entries({ name: "Sam", email, message: "Hi", answer: "5" }))
      body.set(name, value);
    const answer = await server.app.request("/contact", { method: "POST", body });
    expect(answer.status).toBe(303);
    expect(await rowsFor(email)).toHaveLength(1);
  });

  it.each([
    ["JSON", { "content-type": "application/json" }, JSON.stringify({ name: "Sam" }), 415],
    ["no type", {}, "name=Sam", 415],
    [
      "too large",
      { "content-type": "application/x-www-form-urlencoded" },
      `message=${"x".repeat(100_001)}`,
      413,
    ],
  ] as const)("refuses a body of %s (%i)", async (_, headers, body, status) => {
    const answer = await server.app.request("/contact", { method: "POST", headers, body });
    expect(answer.status).toBe(status);
  });

  it.each(["/about", "/", "/no-such-page", "/en/about"])(
    "is not taken at %s, which has no form (405)",
    async (address) => {
      const answer = await post(address, { name: "Sam" });
      expect(answer.status).toBe(405);
      expect(answer.headers.get("allow")).toBe("GET, HEAD");
    },
  );
});
