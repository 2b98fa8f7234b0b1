import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWeb } from "../../../../../tests/support/render-web.tsx";
import { stubRealtime } from "../../../../../tests/support/fake-realtime.ts";
import { stubSupabaseNetwork } from "../../../../../tests/support/supabase-network.ts";
import { jsonBody, requestUrl } from "../../../../../tests/support/fetch-call.ts";
import type { Language } from "../../../../shared/language.ts";
import { sessionStorageKey } from "../../../lib/supabase-client.ts";
import { AuthProvider } from "../../../auth/auth-provider.tsx";
import { Toaster } from "../../../toast/toaster.tsx";
import { draftLifetimeDays, keepDraft } from "../model/note-draft.ts";
import { InboxPage } from "./inbox-page.tsx";

// The network is the edge: supabase-js runs for real and its requests meet this stub, its
// realtime socket a far end that answers as Supabase Realtime does.
const network = stubSupabaseNetwork();
stubRealtime();

const base64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/u, "");

const factor = { id: "factor-1", factor_type: "totp", status: "verified", friendly_name: "" };
const user = {
  id: "user-1",
  aud: "authenticated",
  role: "authenticated",
  email: "member@example.com",
  app_metadata: { team: true },
  factors: [factor],
};

/**
 * A stored session at this assurance level, as supabase-js keeps it; `fromLink`, one an
 * invitation's link began, before any factor.
 */
function storeSession(aal: "aal1" | "aal2", member = true, fromLink = false) {
  const now = Math.floor(Date.now() / 1000);
  const amr = [{ method: fromLink ? "otp" : "password", timestamp: now }];
  if (aal === "aal2") amr.push({ method: "totp", timestamp: now });
  const claims = {
    sub: user.id,
    email: user.email,
    role: "authenticated",
    aal,
    amr,
    exp: now + 3600,
  };
  const session = {
    access_token: `${base64url({ alg: "HS256", typ: "JWT" })}.${base64url(claims)}.c2lnbmF0dXJl`,
    token_type: "bearer",
    expires_in: 3600,
    expires_at: now + 3600,
    refresh_token: "refresh",
    user: fromLink ? { ...user, factors: [] } : member ? user : { ...user, app_metadata: {} },
  };
  window.localStorage.setItem(sessionStorageKey(), JSON.stringify(session));
}

function renderInbox(language: Language) {
  renderWeb(
    <AuthProvider>
      <InboxPage />
      <Toaster />
    </AuthProvider>,
    { language, path: language === "en" ? "/en/inbox" : "/inbox" },
  );
  return userEvent.setup();
}

const submission = (id: number, name: string) => ({
  id,
  created_at: "2026-01-31T15:00:00+00:00",
  name,
  email: `${id}@example.com`,
  phone: null,
  message: "سطر أول\nSecond line",
  form_source: "Contact Page",
  status: "new",
  note: "",
  updated_at: null,
  seen: true,
  language: "ar",
});

interface MailAnswers {
  on: boolean;
  failed?: unknown[];
}

/** The mail's state as the database gives it, and `rest` for every other request. */
function withMail({ on, failed = [] }: MailAnswers, rest: (url: string) => Response) {
  return (input: RequestInfo | URL) => {
    const url = requestUrl(input);
    if (url.includes("/rest/v1/rpc/mail_is_on")) return Promise.resolve(Response.json(on));
    if (url.includes("/rest/v1/mail_outbox")) {
      const range = failed.length === 0 ? "*/0" : `0-${failed.length - 1}/${failed.length}`;
      return Promise.resolve(Response.json(failed, { headers: { "content-range": range } }));
    }
    return Promise.resolve(rest(url));
  };
}

function requested(table: string): URL {
  const call = network.mock.calls.find(([url]) => requestUrl(url).includes(`/rest/v1/${table}`));
  return new URL(requestUrl(call?.[0]));
}

const failedMail = (id: number, kind: string, submissionId: number | null) => ({
  id,
  kind,
  submission_id: submissionId,
  created_at: "2026-01-30T09:30:00+00:00",
  attempts: 12,
  last_error: "421 4.3.2 Service not available, try again later",
});

/** The list of submissions (the inbox's tabs are a list too): the one that says when it is busy. */
function submissionList(): HTMLElement {
  const list = screen.getAllByRole("list").find((each) => each.hasAttribute("aria-busy"));
  if (!list) throw new Error("no list of submissions");
  return list;
}

describe("<InboxPage>", () => {
  it("asks for the password and nothing else without a session", async () => {
    renderInbox("en");
    expect(await screen.findByRole("heading", { name: "Sign in to the inbox" })).toBeVisible();
    expect(screen.getByLabelText("Email")).toHaveAttribute("autocomplete", "username");
    expect(network).not.toHaveBeenCalled();
  });

  it("asks for a reset's link, and answers alike whether the address is known", async () => {
    network.mockImplementation((input) =>
      Promise.resolve(
        requestUrl(input).includes("/auth/v1/recover")
          ? Response.json({})
          : requestUrl(input).includes("/rest/v1/rpc/mail_is_on")
            ? Response.json(true)
            : new Response("unexpected", { status: 500 }),
      ),
    );
    const user_ = renderInbox("en");
    await user_.type(await screen.findByLabelText("Email"), "member@example.com");
    await user_.click(screen.getByRole("button", { name: "Forgot password?" }));
    expect(await screen.findByRole("heading", { name: "Reset your password" })).toHaveFocus();
    expect(screen.getByLabelText("Email")).toHaveValue("member@example.com");
    await user_.click(screen.getByRole("button", { name: "Send the link" }));
    expect(await screen.findByRole("status")).toHaveTextContent(
      /^If this address belongs to a member, a link is on its way\./u,
    );
    const [url, init] =
      network.mock.calls.find(([input]) => requestUrl(input).includes("/auth/v1/recover")) ?? [];
    expect(new URL(requestUrl(url)).searchParams.get("redirect_to")).toBe(
      `${window.location.origin}/en/inbox?recovery=1`,
    );
    expect(jsonBody(init)).toMatchObject({ email: "member@example.com" });

    await user_.click(screen.getByRole("button", { name: "Back to sign in" }));
    expect(await screen.findByRole("heading", { name: "Sign in to the inbox" })).toHaveFocus();
  });

  it("names the invited member's account for a password manager, and shows the password on asking", async () => {
    storeSession("aal1", true, true);
    network.mockImplementation(() => Promise.resolve(new Response("unexpected", { status: 500 })));
    const user_ = renderInbox("en");
    expect(await screen.findByRole("heading", { name: "Choose your password" })).toBeVisible();
    const account = screen.getByLabelText("Your account");
    expect(account).toHaveValue("member@example.com");
    expect(account).toHaveAttribute("autocomplete", "username");
    expect(account).toHaveAttribute("readonly");
    const password = screen.getByLabelText("New password");
    expect(password).toHaveAttribute("autocomplete", "new-password");
    expect(password).toHaveAttribute("type", "password");
    expect(password).not.toHaveAttribute("maxlength");
    // A manager's long generated password goes in whole, pasted or typed.
    const generated = "Xq7#pLm2$vR9!tKw4&zYb8@nHc3^dFg6*jSe1";
    await user_.click(password);
    await user_.paste(generated);
    expect(password).toHaveValue(generated);

    const show = screen.getByRole("button", { name: "Show password" });
    expect(show).toHaveAttribute("aria-pressed", "false");
    await user_.click(show);
    expect(show).toHaveAttribute("aria-pressed", "true");
    expect(password).toHaveAttribute("type", "text");
    expect(password).toHaveAttribute("autocomplete", "new-password");
    await user_.keyboard(" ");
    expect(show).toHaveAttribute("aria-pressed", "false");
    expect(password).toHaveAttribute("type", "password");
  });

  it("with mail off, says no link can come and names the command that makes one, in Arabic", async () => {
    network.mockImplementation((input) =>
      Promise.resolve(
        requestUrl(input).includes("/rest/v1/rpc/mail_is_on")
          ? Response.json(false)
          : new Response("unexpected", { status: 500 }),
      ),
    );
    const user_ = renderInbox("ar");
    await user_.type(await screen.findByLabelText("البريد الإلكتروني"), "member@example.com");
    await user_.click(screen.getByRole("button", { name: "نسيت كلمة المرور؟" }));
    expect(await screen.findByRole("heading", { name: "إعادة تعيين كلمة المرور" })).toHaveFocus();
    expect(
      await screen.findByText(
        "البريد متوقف على هذا الخادم، فلن يصلك رابط لإعادة تعيين كلمة المرور.",
      ),
    ).toBeVisible();
    const advice = screen.getByRole("status");
    expect(advice).toHaveTextContent(/^اطلب الرابط من عضو الفريق الذي يدير الخادم/u);
    expect(
      within(advice).getByText(
        (_, element) =>
          element?.textContent === "npm run team -- reset-password member@example.com",
      ),
    ).toHaveProperty("tagName", "CODE");
    expect(screen.queryByRole("button", { name: "أرسل الرابط" })).toBeNull();
    expect(network.mock.calls.map(([input]) => new URL(requestUrl(input)).pathname)).toEqual([
      "/rest/v1/rpc/mail_is_on",
    ]);
    await user_.click(screen.getByRole("button", { name: "العودة إلى تسجيل الدخول" }));
    expect(
      await screen.findByRole("heading", { name: "تسجيل الدخول إلى صندوق الوارد" }),
    ).toHaveFocus();
  });

  it.each(["aal1", "aal2"] as const)(
    "tells an account that is not on the team so, in Arabic, and reads nothing (%s)",
    async (aal) => {
      storeSession(aal, false);
      network.mockImplementation(() =>
        Promise.resolve(new Response("unexpected", { status: 500 })),
      );
      const user_ = renderInbox("ar");
      expect(
        await screen.findByRole("heading", { name: "هذا الحساب ليس من الفريق" }),
      ).toBeVisible();
      expect(screen.queryByRole("button", { name: "تصدير CSV" })).toBeNull();
      expect(screen.queryByText(/البريد متوقف/u)).toBeNull();
      expect(
        network.mock.calls.filter(([input]) => requestUrl(input).includes("/rest/v1/")),
      ).toEqual([]);
      network.mockResolvedValueOnce(new Response(null, { status: 204 }));
      await user_.click(screen.getByRole("button", { name: "تسجيل الخروج" }));
      expect(
        await screen.findByRole("heading", { name: "تسجيل الدخول إلى صندوق الوارد" }),
      ).toBeVisible();
    },
  );

  it("asks an aal1 member for the code, reads Arabic-Indic digits, and says a refusal under the field", async () => {
    storeSession("aal1");
    network.mockImplementation(async (input) => {
      const url = requestUrl(input);
      if (url.endsWith("/auth/v1/user")) return Response.json(user);
      if (url.endsWith("/challenge")) {
        return Response.json({ id: "challenge-1", type: "totp", expires_at: 9999999999 });
      }
      if (url.endsWith("/verify")) {
        return Response.json(
          { code: "mfa_verification_failed", message: "Invalid TOTP code entered" },
          { status: 422, headers: { "x-supabase-api-version": "2024-01-01" } },
        );
      }
      return new Response("unexpected", { status: 500 });
    });
    const user_ = renderInbox("ar");
    expect(await screen.findByRole("heading", { name: "أدخل رمز التحقق" })).toBeVisible();
    expect(network).not.toHaveBeenCalledWith(
      expect.stringContaining("/rest/v1/"),
      expect.anything(),
    );

    await user_.type(screen.getByLabelText("الرمز المكوّن من ستة أرقام"), "١٢٣");
    await user_.click(screen.getByRole("button", { name: "تحقّق" }));
    expect(await screen.findByText("أدخل الأرقام الستة التي يعرضها التطبيق.")).toBeVisible();
    expect(network).not.toHaveBeenCalled();

    await user_.type(screen.getByLabelText(/الرمز المكوّن/u), "٤٥٦");
    await user_.click(screen.getByRole("button", { name: "تحقّق" }));
    // The server's English never reaches the Arabic screen: the inbox says it in its own words,
    // under the field it is about, and no toast covers the step.
    const field = screen.getByLabelText(/الرمز المكوّن/u);
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        "افتح تطبيق المصادقة وأدخل الرمز الذي يعرضه لحساب «كلمة». الرمز الذي يعرضه تطبيق المصادقة الآن. الرمز غير صحيح. أدخل الرمز الذي يعرضه التطبيق الآن.",
      ),
    );
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveFocus();
    expect(screen.queryByText("تعذّر تسجيل الدخول")).toBeNull();
    expect(screen.queryByText("Invalid TOTP code entered")).toBeNull();
    const verify = network.mock.calls.find(([url]) => requestUrl(url).endsWith("/verify"));
    expect(requestUrl(verify?.[0])).toContain("/auth/v1/factors/factor-1/verify");
    expect(jsonBody(verify?.[1])).toMatchObject({
      challenge_id: "challenge-1",
      code: "123456",
    });
    expect(screen.getByLabelText(/الرمز المكوّن/u)).toHaveValue("");
  });

  it("shows an aal2 member the newest page with its count, in Arabic plural", async () => {
    storeSession("aal2");
    network.mockImplementation(
      withMail({ on: true }, () =>
        Response.json([submission(2, "ريم"), submission(1, "Layla")], {
          headers: { "content-range": "0-1/2" },
        }),
      ),
    );
    renderInbox("ar");
    expect(await screen.findByText("رسالتان")).toHaveAttribute("role", "status");
    const list = submissionList();
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    expect(within(list).getByRole("link", { name: "ريم" })).toHaveAttribute(
      "href",
      "/inbox?open=2",
    );
    expect(within(list).getAllByText("جديدة")).toHaveLength(2);
    const [url, init] =
      network.mock.calls.find(([called]) =>
        requestUrl(called).includes("contact_submissions?select=id%2Ccreated_at"),
      ) ?? [];
    expect([...new URL(requestUrl(url)).searchParams]).toEqual([
      [
        "select",
        "id,created_at,name,email,phone,message,form_source,status,note,updated_at,seen,language",
      ],
      ["status", "neq.spam"],
      ["order", "created_at.desc,id.desc"],
      ["offset", "0"],
      // One more than a page: whether another follows.
      ["limit", "51"],
    ]);
    expect(new Headers(init?.headers).get("prefer")).toContain("count=estimated");
    await waitFor(() => expect(screen.getByRole("button", { name: "الحساب" })).toBeVisible());
  });

  it("pages through 50 at a time, arrows pointing the way the language reads", async () => {
    storeSession("aal2");
    network.mockImplementation(
      withMail({ on: true }, () =>
        Response.json([submission(120, "Layla")], { headers: { "content-range": "50-99/120" } }),
      ),
    );
    renderWeb(
      <AuthProvider>
        <InboxPage />
      </AuthProvider>,
      { language: "en", path: "/en/inbox?status=new&page=2" },
    );
    expect(await screen.findByText("120 submissions")).toBeVisible();
    const pages = screen.getByRole("navigation", { name: "Pages" });
    expect(pages).toHaveTextContent("Page 2 of 3");
    expect(within(pages).getByRole("link", { name: "Previous" })).toHaveAttribute(
      "href",
      "/en/inbox?status=new",
    );
    expect(within(pages).getByRole("link", { name: "Next" })).toHaveAttribute(
      "href",
      "/en/inbox?status=new&page=3",
    );
    const search = requested("contact_submissions?select=id%2Ccreated_at").searchParams;
    expect(search.get("status")).toBe("eq.new");
    expect([search.get("offset"), search.get("limit")]).toEqual(["50", "51"]);
  });

  it("says about how many past a thousand, and pages on without a last page", async () => {
    storeSession("aal2");
    const page = Array.from({ length: 51 }, (_, index) => submission(250_000 - index, "Layla"));
    network.mockImplementation(
      withMail({ on: true }, () =>
        Response.json(page, { headers: { "content-range": "0-50/250000" } }),
      ),
    );
    renderInbox("ar");
    expect(await screen.findByText("نحو ٢٥٠٠٠٠ رسالة")).toHaveAttribute("role", "status");
    // Fifty shown; the fifty-first only says that another page follows.
    expect(within(submissionList()).getAllByRole("listitem")).toHaveLength(50);
    const pages = screen.getByRole("navigation", { name: "الصفحات" });
    expect(pages).toHaveTextContent("الصفحة ١");
    expect(pages).not.toHaveTextContent(/ من /u);
    expect(within(pages).getByRole("link", { name: "التالية" })).toHaveAttribute(
      "href",
      "/inbox?page=2",
    );
  });

  it("says what a search knows when it stops counting past a thousand", async () => {
    storeSession("aal2");
    const page = Array.from({ length: 51 }, (_, index) => submission(5000 - index, "Layla"));
    network.mockImplementation(
      withMail({ on: true }, (url) =>
        url.includes("/rpc/search_submission_counts")
          ? Response.json({ new: 990, in_progress: 11, done: 0, spam: 0, unread: 990, more: true })
          : Response.json(page),
      ),
    );
    renderWeb(
      <AuthProvider>
        <InboxPage />
      </AuthProvider>,
      { language: "en", path: "/en/inbox?q=workshop" },
    );
    // More than this page holds, and no count of each status it did not finish.
    expect(await screen.findByText("More than 50 submissions")).toHaveAttribute("role", "status");
    expect(screen.getByRole("option", { name: "New" })).toBeInTheDocument();
    expect(screen.queryByText(/unread$/u)).toBeNull();
    const pages = screen.getByRole("navigation", { name: "Pages" });
    expect(pages).toHaveTextContent("Page 1");
    expect(within(pages).getByRole("link", { name: "Next" })).toHaveAttribute(
      "href",
      "/en/inbox?q=workshop&page=2",
    );
    const search = requested("rpc/search_submissions?").searchParams;
    expect(Object.fromEntries(search)).toMatchObject({
      query: "workshop",
      spam: "false",
      row_limit: "51",
      row_offset: "0",
    });
    expect(search.has("status")).toBe(false);
  });

  it("counts a search exactly up to a thousand", async () => {
    storeSession("aal2");
    network.mockImplementation(
      withMail({ on: true }, (url) =>
        url.includes("/rpc/search_submission_counts")
          ? Response.json({ new: 1, in_progress: 1, done: 0, spam: 3, unread: 2, more: false })
          : Response.json([submission(2, "Layla"), submission(1, "Sam")]),
      ),
    );
    renderWeb(
      <AuthProvider>
        <InboxPage />
      </AuthProvider>,
      { language: "en", path: "/en/inbox?q=reader" },
    );
    expect(await screen.findByText("2 submissions")).toHaveAttribute("role", "status");
    expect(screen.getByRole("option", { name: "Spam (3)" })).toBeInTheDocument();
    expect(screen.getByText("2 unread")).toBeVisible();
    expect(screen.queryByRole("navigation", { name: "Pages" })).toBeNull();
    // The page's count and the status counts share one reading of the matches.
    const countCalls = network.mock.calls.filter(([url]) =>
      requestUrl(url).includes("/rpc/search_submission_counts"),
    );
    expect(countCalls).toHaveLength(1);
  });

  it("says quietly, in Arabic, that mail is off, asking the database's clock", async () => {
    storeSession("aal2");
    network.mockImplementation(
      withMail({ on: false }, () =>
        Response.json([submission(1, "Layla")], { headers: { "content-range": "0-0/1" } }),
      ),
    );
    renderInbox("ar");
    const notice = await screen.findByRole("region", { name: "البريد" });
    expect(within(notice).getByRole("heading", { level: 2, name: "البريد" })).toBeVisible();
    expect(within(notice).getByRole("status")).toHaveTextContent(
      "البريد متوقف: لا يُبلَّغ الفريق بالرسائل الجديدة.",
    );
    expect(within(notice).queryByRole("list")).toBeNull();
    expect(requested("rpc/mail_is_on").pathname).toBe("/rest/v1/rpc/mail_is_on");
  });

  it("shows the search and the list with the first word on mail, so a late notice moves nothing", async () => {
    storeSession("aal2");
    let answerMail: (on: boolean) => void = () => {};
    const mailAnswered = new Promise<boolean>((resolve) => {
      answerMail = resolve;
    });
    const answers = withMail({ on: false }, () =>
      Response.json([submission(1, "Layla")], { headers: { "content-range": "0-0/1" } }),
    );
    network.mockImplementation((input: RequestInfo | URL) =>
      requestUrl(input).includes("/rest/v1/rpc/mail_is_on")
        ? mailAnswered.then((on) => Response.json(on))
        : answers(input),
    );
    renderInbox("en");
    await waitFor(() =>
      expect(network).toHaveBeenCalledWith(
        expect.stringContaining("/rest/v1/contact_submissions"),
        expect.anything(),
      ),
    );
    expect(screen.getByText("Loading submissions…")).toBeVisible();
    expect(screen.queryByRole("search")).toBeNull();
    answerMail(false);
    const notice = await screen.findByRole("region", { name: "Mail" });
    expect(notice).toBeVisible();
    expect(screen.getByRole("search")).toBeVisible();
    expect(await screen.findByText("1 submission")).toBeVisible();
  });

  it("says nothing of mail when it is on and nothing failed", async () => {
    storeSession("aal2");
    network.mockImplementation(
      withMail({ on: true }, () =>
        Response.json([submission(1, "Layla")], { headers: { "content-range": "0-0/1" } }),
      ),
    );
    renderInbox("en");
    expect(await screen.findByText("1 submission")).toBeVisible();
    await waitFor(() =>
      expect(network).toHaveBeenCalledWith(
        expect.stringContaining("/rest/v1/mail_outbox"),
        expect.anything(),
      ),
    );
    expect(screen.queryByRole("region", { name: "Mail" })).toBeNull();
    expect(screen.queryByText(/Mail is off/u)).toBeNull();
  });

  it("lists the mails that failed, newest first, each linking to its submission", async () => {
    storeSession("aal2");
    network.mockImplementation(
      withMail(
        { on: true, failed: [failedMail(9, "submission", 7), failedMail(8, "invite", null)] },
        () => Response.json([submission(7, "Layla")], { headers: { "content-range": "0-0/1" } }),
      ),
    );
    const user_ = renderInbox("en");
    const notice = await screen.findByRole("region", { name: "Mail" });
    expect(within(notice).getByRole("status")).toHaveTextContent(
      "2 mails of the last 30 days could not be sent",
    );
    expect(within(notice).queryByText(/Mail is off/u)).toBeNull();
    const [first, second] = within(within(notice).getByRole("list")).getAllByRole("listitem");
    expect(first).toHaveTextContent("New submission, to the team");
    expect(first).toHaveTextContent("12 attempts");
    expect(first).toHaveTextContent("Last error: 421 4.3.2 Service not available, try again later");
    expect(within(first!).getByText(/^Jan 30, 2026/u)).toHaveAttribute(
      "datetime",
      "2026-01-30T09:30:00+00:00",
    );
    expect(second).toHaveTextContent("Invitation to the team");
    expect(within(second!).queryByRole("link")).toBeNull();

    const search = requested("mail_outbox").searchParams;
    expect(search.get("select")).toBe("id,kind,submission_id,created_at,attempts,last_error");
    expect(search.get("status")).toBe("eq.failed");
    expect(search.get("created_at")).toMatch(/^gte\.\d{4}-\d\d-\d\dT/u);
    expect(search.get("order")).toBe("created_at.desc,id.desc");
    expect(search.get("limit")).toBe("10");

    await user_.click(within(first!).getByRole("link", { name: "Submission 7" }));
    expect(await screen.findByRole("link", { name: "Back to the list" })).toBeVisible();
    expect(screen.queryByRole("region", { name: "Mail" })).toBeNull();
  });

  it("counts failed mails and attempts in Arabic plurals", async () => {
    storeSession("aal2");
    network.mockImplementation(
      withMail(
        {
          on: false,
          failed: [
            { ...failedMail(3, "registration", 5), attempts: 2 },
            failedMail(2, "recovery", null),
            failedMail(1, "submission", 4),
          ],
        },
        () => Response.json([], { headers: { "content-range": "*/0" } }),
      ),
    );
    renderInbox("ar");
    const notice = await screen.findByRole("region", { name: "البريد" });
    const [off, failed] = within(notice).getAllByRole("status");
    expect(off).toHaveTextContent("البريد متوقف");
    expect(failed).toHaveTextContent("تعذّر إرسال ٣ رسائل بريدية في آخر ٣٠ يومًا");
    const items = within(within(notice).getByRole("list")).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent("تأكيد التسجيل");
    expect(items[0]).toHaveTextContent("محاولتان");
    expect(within(items[0]!).getByRole("link", { name: "الرسالة ٥" })).toHaveAttribute(
      "href",
      "/inbox?open=5",
    );
    expect(items[1]).toHaveTextContent("إعادة تعيين كلمة المرور");
    expect(items[2]).toHaveTextContent("١٢ محاولة");
  });
});

describe("a member's drafts in this browser", () => {
  const drafts = () =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith("kalima-inbox-draft"))
      .sort();

  /** The inbox of one submission, id 1; asked which drafted submissions remain, 1 does. */
  const inboxOfOne = withMail({ on: true }, (url) => {
    if (url.includes("/auth/v1/logout")) return new Response(null, { status: 204 });
    if (new URL(url).searchParams.has("id")) return Response.json([{ id: 1 }]);
    return Response.json([submission(1, "Layla")], { headers: { "content-range": "0-0/1" } });
  });

  it.each([
    ["تسجيل الخروج", "local"],
    ["تسجيل الخروج من كل الأجهزة", "global"],
  ])("go, all of the member's, when they ask to sign out (%s)", async (button, scope) => {
    storeSession("aal2");
    keepDraft(user.id, 1, "اتصلت بها ولم تردّ", "");
    keepDraft("user-2", 1, "another member's note", "");
    network.mockImplementation(inboxOfOne);
    const events = renderInbox("ar");
    // Both ways out are in the account's menu, folded until it is opened.
    expect(screen.queryByRole("button", { name: button })).toBeNull();
    await events.click(await screen.findByRole("button", { name: "الحساب" }));
    await events.click(await screen.findByRole("button", { name: button }));

    expect(await screen.findByRole("button", { name: "تسجيل الدخول" })).toBeVisible();
    expect(drafts()).toEqual(["kalima-inbox-draft:user-2:1"]);
    expect(network).toHaveBeenCalledWith(
      `${window.location.origin}/auth/v1/logout?scope=${scope}`,
      expect.anything(),
    );
  });

  it("go when the inbox opens, once expired or their submission is gone", async () => {
    storeSession("aal2");
    keepDraft(user.id, 1, "still there", "");
    keepDraft(user.id, 5, "deleted by another member", "");
    const old = new Date(Date.now() - (draftLifetimeDays + 1) * 24 * 60 * 60 * 1000);
    localStorage.setItem(
      "kalima-inbox-draft:user-2:1",
      JSON.stringify({ note: "a week old", at: old.toISOString() }),
    );
    network.mockImplementation(inboxOfOne);
    renderInbox("en");

    await waitFor(() => expect(drafts()).toEqual([`kalima-inbox-draft:${user.id}:1`]));
    const asked = network.mock.calls
      .map(([input]) => new URL(requestUrl(input)))
      .filter((url) => url.searchParams.has("id"));
    expect(asked.map((url) => url.searchParams.get("id"))).toEqual(["in.(1,5)"]);
  });
});
