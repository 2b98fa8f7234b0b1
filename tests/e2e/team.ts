// Members of the team and the submissions they read, made through the APIs the team command
// and the public forms use: supabase-js with the service_role key, and the anon key.
import type { Page } from "@playwright/test";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import * as OTPAuth from "otpauth";
import WebSocket from "ws";
import { makeApiKey } from "../../src/server/keys.ts";
import { sessionStorageKey } from "../../src/web/lib/supabase-client.ts";
import {
  e2eSecret,
  expect,
  serverUrl,
  test as pageTest,
  uniqueEmail,
  type Language,
} from "./fixtures.ts";

function client(key: string): SupabaseClient {
  return createClient(serverUrl(), key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no WebSocket of its own, and supabase-js builds its realtime client eagerly.
    realtime: { transport: WebSocket as never },
  });
}

const keyFor = (role: "anon" | "service_role") => makeApiKey(e2eSecret, role);

/** The inbox's address in a language. */
export const inboxPath = (language: Language) => (language === "en" ? "/en/inbox" : "/inbox");

/**
 * An invitation as `npm run team -- invite [--name]` makes it: a one-time link into the inbox,
 * with the name the team will see when one is given.
 */
export async function invite(language: Language, email = uniqueEmail("member"), name?: string) {
  const service = client(await keyFor("service_role"));
  const { data, error } = await service.auth.admin.generateLink({
    type: "invite",
    email,
    options: {
      redirectTo: `${serverUrl()}${inboxPath(language)}`,
      ...(name === undefined ? {} : { data: { full_name: name } }),
    },
  });
  expect(error).toBeNull();
  const made = await service.auth.admin.updateUserById(data.user!.id, {
    app_metadata: { team: true },
  });
  expect(made.error).toBeNull();
  return { email, link: data.properties!.action_link };
}

/** A password reset's link, as the inbox's "Forgot password?" asks for one, back to the inbox. */
export async function recoveryLink(language: Language, email: string) {
  const service = client(await keyFor("service_role"));
  const { data, error } = await service.auth.admin.generateLink({
    type: "recovery",
    email,
    options: { redirectTo: `${serverUrl()}${inboxPath(language)}?recovery=1` },
  });
  expect(error).toBeNull();
  return data.properties!.action_link;
}

/** An account anyone may make by signing up: not on the team. */
export async function signedUpStranger() {
  const email = uniqueEmail("stranger");
  const password = `a long password ${Date.now()}`;
  const { error } = await client(await keyFor("anon")).auth.signUp({ email, password });
  expect(error).toBeNull();
  return { email, password };
}

/** A code the factor with this secret accepts now, or, `wrong`, one it does not. */
export function totpCode(secret: string, { wrong = false } = {}): string {
  const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();
  return wrong ? code.replace(/\d/gu, (digit) => String((Number(digit) + 1) % 10)) : code;
}

/** A member who already chose a password and added an authenticator app (the secret's). */
export async function enrolledMember(language: Language) {
  const { email, password, secret, member } = await signedInMember(language);
  await member.auth.signOut({ scope: "local" });
  return { email, password, secret };
}

/**
 * A member at work elsewhere: invited, with a password and an authenticator app, and signed in
 * with both (aal2) through supabase-js, as another member's browser would be.
 */
export async function signedInMember(language: Language, email?: string, name?: string) {
  const invited = await invite(language, email, name);
  const response = await fetch(invited.link, { redirect: "manual" });
  expect(response.status).toBe(303);
  const fragment = new URLSearchParams((response.headers.get("location") ?? "").split("#")[1]);
  const member = client(await keyFor("anon"));
  const set = await member.auth.setSession({
    access_token: fragment.get("access_token")!,
    refresh_token: fragment.get("refresh_token")!,
  });
  expect(set.error).toBeNull();
  const password = `a long password ${Date.now()}`;
  expect((await member.auth.updateUser({ password })).error).toBeNull();
  const enrolled = await member.auth.mfa.enroll({ factorType: "totp" });
  expect(enrolled.error).toBeNull();
  const secret = enrolled.data!.totp.secret;
  const verified = await member.auth.mfa.challengeAndVerify({
    factorId: enrolled.data!.id,
    code: totpCode(secret),
  });
  expect(verified.error).toBeNull();
  return { email: invited.email, password, secret, member };
}

/** A member's session at aal2 as supabase-js keeps it in a browser: under its storage key, as JSON. */
export interface StoredSession {
  email: string;
  password: string;
  secret: string;
  stored: string;
}

/**
 * A member as they are once they have joined (password and authenticator app), signed in with
 * both, made through the auth API in a fraction of what the invitation's screens take. The
 * journey through those screens is tested on its own (inbox.spec.ts, inbox-phone.spec.ts).
 */
export async function memberSession(
  language: Language,
  email?: string,
  name?: string,
): Promise<StoredSession> {
  const made = await signedInMember(language, email, name);
  const { data } = await made.member.auth.getSession();
  expect(data.session?.access_token).toBeTruthy();
  return {
    email: made.email,
    password: made.password,
    secret: made.secret,
    stored: JSON.stringify(data.session),
  };
}

/**
 * The browser tests' fixtures, and `teamSession`: a member of the team made once per worker
 * through the auth API, signed in with both factors; `signIn(page, language, teamSession)` opens
 * the inbox as them. Tests that sign out, name members or change the account make a session of
 * their own (`memberSession`).
 */
export const test = pageTest.extend<object, { teamSession: StoredSession }>({
  teamSession: [
    async ({ projectServer }, use) => {
      void projectServer;
      await use(await memberSession("ar"));
    },
    { scope: "worker" },
  ],
});

/**
 * Opens the inbox in a page whose browser holds the member's session, as a member's browser does
 * the next time they come back: the session is written where supabase-js keeps it, then the
 * inbox opened. A session another test signed out of is refused by the server, so a test that
 * signs out (or changes the account) uses a session of its own.
 */
export async function signIn(page: Page, language: Language, session: StoredSession) {
  await page.goto("/robots.txt");
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
    sessionStorageKey(serverUrl()),
    session.stored,
  ] as const);
  await page.goto(inboxPath(language));
  await expect(
    page.getByRole("heading", { name: joining[language].inbox, level: 1 }),
  ).toBeVisible();
}

export interface VisitorSubmission {
  name: string;
  email: string;
  phone: string | null;
  message: string;
  form_source: "Contact Page" | "Mutakallim Program";
  /** The page's language; the database takes Arabic when a page does not say. */
  language?: Language;
}

/** Submissions sent as visitors send them: one at a time, with the anon key. */
export async function submit(rows: VisitorSubmission[]): Promise<void> {
  const visitor = client(await keyFor("anon"));
  for (const row of rows) {
    const { error } = await visitor.from("contact_submissions").insert(row);
    expect(error).toBeNull();
  }
}

const joining = {
  ar: {
    newPassword: "كلمة المرور الجديدة",
    savePassword: "احفظ كلمة المرور",
    code: "الرمز المكوّن من ستة أرقام",
    confirm: "تأكيد",
    inbox: "صندوق الوارد",
  },
  en: {
    newPassword: "New password",
    savePassword: "Save password",
    code: "Six-digit code",
    confirm: "Confirm",
    inbox: "Inbox",
  },
} as const;

/** From an invitation's link to the inbox, as a new member: password, app, code. */
export async function joinAsMember(page: Page, language: Language, email?: string, name?: string) {
  const text = joining[language];
  const { link } = await invite(language, email, name);
  await page.goto(link);
  await page.getByLabel(text.newPassword).fill(`a long password ${Date.now()}`);
  await page.getByRole("button", { name: text.savePassword }).click();
  const secret = (await page.locator("code").textContent())?.replace(/\s/gu, "") ?? "";
  await page.getByLabel(text.code).fill(totpCode(secret));
  await page.getByRole("button", { name: text.confirm }).click();
  await expect(page.getByRole("heading", { name: text.inbox, level: 1 })).toBeVisible();
  return { secret };
}

/** On a phone the inbox's filters are folded behind one button: unfolds them, as a member would. */
export async function unfoldFilters(page: Page) {
  const toggle = page.getByRole("button", { name: /^(Filters|التصفية)/u });
  // The filters shown (a wide screen), or the button that shows them (a phone).
  await expect(page.getByRole("search").or(toggle)).toBeVisible();
  if ((await toggle.isVisible()) && (await toggle.getAttribute("aria-expanded")) === "false") {
    await toggle.click();
  }
}
