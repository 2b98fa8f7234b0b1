import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import {
  asTyped,
  contactErrorFields,
  contactFields,
  formPages,
  outcomeAnchor,
  outcomeParameter,
  validateContact,
  type ContactError,
  type ContactValues,
  type FormOutcome,
} from "../../shared/form-checks.ts";
import { localizedPath, type Language } from "../../shared/language.ts";
import type { AppEnv } from "../http/context.ts";
import { redirectWithinSite } from "./redirect.ts";
import type { SiteFile } from "./site.ts";

/**
 * Stores one row through the REST API's anonymous insert, for this request: the same role,
 * grants, constraints, triggers and client address as supabase-js's insert.
 */
export type SubmitAnonymously = (
  row: Record<string, string | null>,
  c: Context<AppEnv>,
) => Promise<Response>;

/** A page with a form and its language, as the site resolves the address. */
export interface FormPage {
  path: string;
  language: Language;
  file: SiteFile;
}

/** A message at its longest, percent-encoded, with room for the other fields. */
export const formBodyLimit = 100_000;

export const limitFormBody = bodyLimit({
  maxSize: formBodyLimit,
  onError: (c) => c.text(`A form's body is at most ${formBodyLimit} bytes.`, 413),
});

const formTypes = ["application/x-www-form-urlencoded", "multipart/form-data"];

function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

function unhide(html: string, attribute: string): string {
  const marker = `${attribute} hidden=""`;
  if (!html.includes(marker)) throw new Error(`The page has no hidden ${attribute} to show`);
  return html.replace(marker, attribute);
}

function controlPattern(field: keyof ContactValues): RegExp {
  const tag = field === "message" ? "textarea" : "input";
  return new RegExp(`<${tag}\\b[^>]*\\bname="${field}"[^>]*>`, "u");
}

/** Writes a typed value back into the prerendered field, as the browser had it. */
function refill(html: string, field: keyof ContactValues, value: string): string {
  const escaped = escapeHtml(value);
  if (field === "message") {
    return html.replace(
      /(<textarea\b[^>]*\bname="message"[^>]*>)<\/textarea>/u,
      (_, open: string) => `${open}${escaped}</textarea>`,
    );
  }
  return html.replace(controlPattern(field), (tag) =>
    tag.replace(/\bvalue=""/u, () => `value="${escaped}"`),
  );
}

/**
 * Shows an error beside its field, as the app does: the field's prerendered error message
 * shown, and the control marked invalid and described by it.
 */
function markInvalid(html: string, error: ContactError): string {
  const pattern = controlPattern(contactErrorFields[error]);
  const id = pattern.exec(html)?.[0].match(/\sid="([^"]+)"/u)?.[1];
  if (!id) throw new Error(`The page has no control for ${error}`);
  const errorId = `${id}-error`;
  const shown = unhide(unhide(html, `data-field-error="${id}"`), `data-error-message="${error}"`);
  return shown.replace(pattern, (tag) => {
    const described = tag.includes('aria-describedby="')
      ? tag.replace(
          /\baria-describedby="([^"]*)"/u,
          (_, ids: string) => `aria-describedby="${ids} ${errorId}"`,
        )
      : tag.replace(/^<(\w+)/u, (open) => `${open} aria-describedby="${errorId}"`);
    return described.replace(/^<(\w+)/u, (open) => `${open} aria-invalid="true"`);
  });
}

/**
 * The prerendered page showing how the submission ended: the note of that outcome (and, when
 * fields were missing, their errors) shown, and what was typed kept when nothing was stored.
 */
export async function pageWithOutcome(
  file: SiteFile,
  outcome: FormOutcome,
  errors: readonly ContactError[] = [],
  values?: ContactValues,
): Promise<string> {
  let html = (await file.representation([])).body.toString("utf8");
  html = unhide(html, `data-outcome="${outcome}"`);
  // A refusal is focused as the page opens, which also scrolls it into view: the answer to a
  // form posted without scripts lands on what went wrong, not on the top of the page. (A success
  // is redirected to the note's fragment instead.)
  if (outcome !== "sent") {
    html = html.replace(`data-outcome="${outcome}"`, (shown) => `autofocus="" ${shown}`);
  }
  for (const error of errors) html = markInvalid(unhide(html, `data-error="${error}"`), error);
  if (values) for (const field of contactFields) html = refill(html, field, values[field]);
  return html;
}

function answerPage(
  c: Context<AppEnv>,
  page: FormPage,
  html: string,
  status: 200 | 400 | 413 | 422 | 429 | 500 | 503,
) {
  c.header("Content-Type", "text/html; charset=utf-8");
  c.header("Content-Language", page.language);
  c.header("Cache-Control", "no-store");
  if (page.file.contentSecurityPolicy) {
    c.header("Content-Security-Policy", page.file.contentSecurityPolicy);
  }
  return c.body(html, status);
}

function failureStatus(status: number): 400 | 413 | 429 | 500 | 503 {
  if (status === 400 || status === 413 || status === 429 || status === 503) return status;
  return 500;
}

/** GET `?outcome=sent`, where a stored submission is sent (post/redirect/get). */
export async function sentPage(c: Context<AppEnv>, page: FormPage) {
  return answerPage(c, page, await pageWithOutcome(page.file, "sent"), 200);
}

/**
 * A contact or registration form posted without scripts: checked as the app checks it, stored
 * as the app stores it, and answered with the page saying how it went in the page's language.
 */
export async function postForm(c: Context<AppEnv>, page: FormPage, submit: SubmitAnonymously) {
  const source = formPages[page.path];
  if (!source) throw new Error(`${page.path} has no form`);
  const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (!formTypes.includes(type)) {
    return c.text(
      "A form is sent as application/x-www-form-urlencoded or multipart/form-data.",
      415,
    );
  }
  const form = await c.req.parseBody();
  const text = (name: string) => {
    const value = form[name];
    return typeof value === "string" ? value : "";
  };
  const values = Object.fromEntries(
    contactFields.map((field) => [field, asTyped(field, text(field))]),
  ) as unknown as ContactValues;

  const errors = validateContact(values);
  const missing = contactFields.flatMap((field) => errors[field] ?? []);
  if (missing.length > 0) {
    return answerPage(c, page, await pageWithOutcome(page.file, "invalid", missing, values), 422);
  }

  const row: Record<string, string | null> = {
    name: values.name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim() || null,
    message: values.message.trim(),
    form_source: source,
    // The registrant's confirmation is mailed in the language of the page they sent it from.
    language: page.language,
  };
  // A field the form may carry for bots to fill: the database decides what it means.
  if ("website" in form) row.website = text("website");
  const stored = await submit(row, c);
  if (stored.status !== 201) {
    const outcome = stored.status === 429 ? "tooMany" : "failed";
    const html = await pageWithOutcome(page.file, outcome, [], values);
    return answerPage(c, page, html, failureStatus(stored.status));
  }
  return redirectWithinSite(
    c,
    `${localizedPath(page.path, page.language)}?${outcomeParameter}=sent#${outcomeAnchor}`,
    page.language,
  );
}
