import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWeb } from "../../../../tests/support/render-web.tsx";
import { stubSupabaseNetwork } from "../../../../tests/support/supabase-network.ts";
import { jsonBody, requestUrl } from "../../../../tests/support/fetch-call.ts";
import { Toaster } from "../../toast/toaster.tsx";
import { ContactForm } from "./contact-form.tsx";

// The network is the edge: supabase-js runs for real and its requests meet this stub.
const network = stubSupabaseNetwork();

function created() {
  return new Response(null, {
    status: 201,
    statusText: "Created",
    headers: { "content-range": "*/*" },
  });
}

async function fill(user: ReturnType<typeof userEvent.setup>, answer: string) {
  await user.type(screen.getByLabelText(/^Name/u), "Layla Haddad");
  await user.type(screen.getByLabelText(/^Email/u), "layla@example.com");
  await user.type(screen.getByLabelText(/^Phone/u), "+962 7 9000 0000");
  await user.type(screen.getByLabelText(/^Message/u), "I would like to volunteer.");
  await user.type(screen.getByLabelText(/What is 2 \+ 3\?/u), answer);
}

function renderForm(
  source: "Contact Page" | "Mutakallim Program" = "Contact Page",
  language: "ar" | "en" = "en",
) {
  renderWeb(
    <>
      <ContactForm source={source} />
      <Toaster />
    </>,
    { language },
  );
  return userEvent.setup();
}

function tooMany(seconds: number) {
  return Response.json(
    {
      code: "PT429",
      message: "Too many submissions from this client",
      details: "At most 5 in 10 minutes and 20 a day from one client",
      hint: `Try again in ${seconds} seconds.`,
    },
    { status: 429 },
  );
}

// Typing a whole form takes seconds on a busy machine.
const typingTimeout = 20_000;

describe("<ContactForm>", () => {
  it("labels every field, marks the required ones and hints at the question", () => {
    renderForm();
    expect(screen.getByLabelText(/^Name/u)).toBeRequired();
    expect(screen.getByLabelText(/^Email/u)).toHaveAttribute("type", "email");
    expect(screen.getByLabelText(/^Phone/u)).toHaveAttribute("type", "tel");
    expect(screen.getByLabelText(/^Phone/u)).not.toBeRequired();
    expect(screen.getByLabelText(/^Message/u).tagName).toBe("TEXTAREA");
    expect(screen.getByLabelText(/What is 2 \+ 3\?/u)).toHaveAccessibleDescription(
      "Answer this question to verify you are human.",
    );
    expect(screen.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });

  it("sends nothing for a wrong answer: Verification Failed, and the answer field marked", async () => {
    const user = renderForm();
    await fill(user, "4");
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByText("Verification Failed")).toBeVisible();
    expect(screen.getByText("Please answer the question correctly.")).toBeVisible();
    expect(network).not.toHaveBeenCalled();
    const wrong = "That is not the answer: write the result of 2 + 3.";
    const answerField = screen.getByLabelText(/What is 2 \+ 3\?/u);
    expect(answerField).toHaveAttribute("aria-invalid", "true");
    expect(answerField).toHaveAccessibleDescription(
      `Answer this question to verify you are human. ${wrong}`,
    );
    const summary = screen.getByRole("alert", { name: "" });
    await waitFor(() => expect(summary).toHaveFocus());
    await user.click(within(summary).getByRole("link", { name: wrong }));
    expect(answerField).toHaveFocus();
  });

  it("lists what is missing, links to each field, and sends nothing", async () => {
    const user = renderForm();
    await user.type(screen.getByLabelText(/^Email/u), "layla@example");
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    const summary = await screen.findByRole("alert");
    await waitFor(() => expect(summary).toHaveFocus());
    expect(within(summary).getByText("There is a problem")).toBeVisible();
    expect(
      within(summary)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual([
      "Enter your name.",
      "Enter an email address in the correct format, like name@example.com.",
      "Enter your message.",
      "Answer the verification question.",
    ]);
    expect(screen.getByLabelText(/^Name/u)).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText(/^Name/u)).toHaveAccessibleDescription("Enter your name.");
    await user.click(within(summary).getByRole("link", { name: "Enter your message." }));
    expect(screen.getByLabelText(/^Message/u)).toHaveFocus();
    expect(network).not.toHaveBeenCalled();
  });

  it("clears a field's error once the field is corrected, and only then", async () => {
    const user = renderForm();
    await user.type(screen.getByLabelText(/^Email/u), "layla@example");
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    // The summary takes the focus a frame after the press; typing starts once it has, as a
    // visitor's would (typed earlier, the keys would follow the focus into the summary).
    const summary = await screen.findByRole("alert");
    await waitFor(() => expect(summary).toHaveFocus());
    const email = screen.getByLabelText(/^Email/u);
    expect(email).toHaveAttribute("aria-invalid", "true");

    await user.type(email, ".");
    expect(email).toHaveAttribute("aria-invalid", "true");
    await user.type(email, "com");
    expect(email).not.toHaveAttribute("aria-invalid");
    expect(email).not.toHaveAccessibleDescription();
    expect(
      within(screen.getByRole("alert"))
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).not.toContain("Enter an email address in the correct format, like name@example.com.");
    expect(screen.getByLabelText(/^Name/u)).toHaveAttribute("aria-invalid", "true");
  });

  it("inserts one row with supabase-js, disables the button meanwhile, then clears the form", async () => {
    let answer!: (response: Response) => void;
    network.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const user = renderForm();
    await fill(user, " ٥ ");
    await user.click(screen.getByRole("button", { name: "Send Message" }));

    const sending = await screen.findByRole("button", { name: "Sending..." });
    expect(sending).toBeDisabled();
    await waitFor(() => expect(network).toHaveBeenCalledTimes(1));
    const [url, init] = network.mock.calls[0] ?? [];
    expect(requestUrl(url)).toBe(`${window.location.origin}/rest/v1/contact_submissions`);
    expect(init?.method).toBe("POST");
    expect(new Headers(init?.headers).get("apikey")).toBe("anon-key-for-tests");
    expect(jsonBody(init)).toEqual({
      name: "Layla Haddad",
      email: "layla@example.com",
      phone: "+962 7 9000 0000",
      message: "I would like to volunteer.",
      form_source: "Contact Page",
      website: "",
      language: "en",
    });

    answer(created());
    expect(await screen.findByText("Success!")).toBeVisible();
    expect(
      screen.getByText("Thank you for your message. We'll get back to you soon."),
    ).toBeVisible();
    // Said where the form was, too: what was received, and where the answer will go.
    const received = screen.getByRole("heading", { name: "Your message has reached us" });
    await waitFor(() => expect(received).toHaveFocus());
    expect(screen.getByText("layla@example.com")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Send Message" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Write another message" }));
    await waitFor(() => expect(screen.getByLabelText(/^Name/u)).toHaveFocus());
    expect(screen.getByLabelText(/^Name/u)).toHaveValue("");
    expect(screen.getByLabelText(/What is 2 \+ 3\?/u)).toHaveValue("");
    expect(screen.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });

  it("keeps every typed value and shows Submission Failed when the server fails", async () => {
    network.mockResolvedValue(
      Response.json({ code: "XX000", message: "boom", details: null, hint: null }, { status: 500 }),
    );
    const user = renderForm();
    await fill(user, "5");
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByText("Submission Failed")).toBeVisible();
    expect(screen.getByText("An error occurred. Please try again.")).toBeVisible();
    expect(screen.getByLabelText(/^Name/u)).toHaveValue("Layla Haddad");
    expect(screen.getByLabelText(/^Message/u)).toHaveValue("I would like to volunteer.");
    expect(screen.getByLabelText(/What is 2 \+ 3\?/u)).toHaveValue("5");
  });

  it("registers for Mutakallim with its own words and form_source", async () => {
    network.mockResolvedValue(created());
    const user = renderForm("Mutakallim Program");
    await fill(user, "5");
    await user.clear(screen.getByLabelText(/^Phone/u));
    await user.click(screen.getByRole("button", { name: "Register Now" }));
    expect(
      await screen.findByText("Thank you for registering. We'll be in touch soon."),
    ).toBeVisible();
    const body = jsonBody(network.mock.calls[0]?.[1]);
    expect(body).toMatchObject({ form_source: "Mutakallim Program", phone: null, language: "en" });
  });

  /** Registers for Mutakallim while the server says its mail is `on`; resolves once asked. */
  async function registerWithMail(on: boolean) {
    network.mockImplementation((input: RequestInfo | URL) =>
      Promise.resolve(
        requestUrl(input).includes("/rest/v1/rpc/mail_is_on") ? Response.json(on) : created(),
      ),
    );
    const user = renderForm("Mutakallim Program");
    await fill(user, "5");
    await user.click(screen.getByRole("button", { name: "Register Now" }));
    expect(
      await screen.findByRole("heading", {
        name: "Your registration for Mutakallim has reached us",
      }),
    ).toBeVisible();
    await waitFor(() =>
      expect(network.mock.calls.some(([url]) => requestUrl(url).includes("mail_is_on"))).toBe(true),
    );
  }
  const confirmation = /A confirmation with the program's schedule/u;

  it(
    "promises a registration's confirmation mail when the site's mail is on",
    async () => {
      await registerWithMail(true);
      expect(await screen.findByText(confirmation)).toBeVisible();
    },
    typingTimeout,
  );

  it(
    "promises no confirmation mail when the site's mail is off",
    async () => {
      await registerWithMail(false);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByText(confirmation)).toBeNull();
      expect(screen.getByText(/The team will write to you/u)).toBeVisible();
    },
    typingTimeout,
  );

  it("shows Registration Failed when a registration cannot be stored", async () => {
    network.mockRejectedValue(new TypeError("Failed to fetch"));
    const user = renderForm("Mutakallim Program");
    await fill(user, "5");
    await user.click(screen.getByRole("button", { name: "Register Now" }));
    expect(await screen.findByText("Registration Failed")).toBeVisible();
  });

  it(
    "hides the honeypot from people, the keyboard and assistive technology",
    async () => {
      const user = renderForm();
      expect(screen.queryByRole("textbox", { name: "Leave this field empty" })).toBeNull();
      const honeypot = screen.getByRole("textbox", {
        name: "Leave this field empty",
        hidden: true,
      });
      expect(honeypot).toHaveAttribute("name", "website");
      expect(honeypot).toHaveAttribute("tabindex", "-1");
      expect(honeypot).toHaveAttribute("autocomplete", "off");
      expect(honeypot.closest("[aria-hidden='true']")).not.toBeNull();

      const reached: Element[] = [];
      for (let step = 0; step < 7; step += 1) {
        await user.tab();
        if (document.activeElement) reached.push(document.activeElement);
      }
      expect(reached).not.toContain(honeypot);
      expect(reached).toContain(screen.getByRole("button", { name: "Send Message" }));
    },
    typingTimeout,
  );

  it(
    "sends what a robot wrote in the honeypot, and thanks it as anyone",
    async () => {
      network.mockResolvedValue(created());
      const user = renderForm();
      await fill(user, "5");
      await user.type(
        screen.getByRole("textbox", { name: "Leave this field empty", hidden: true }),
        "https://cheap.example",
      );
      await user.click(screen.getByRole("button", { name: "Send Message" }));
      expect(await screen.findByText("Success!")).toBeVisible();
      const body = jsonBody(network.mock.calls[0]?.[1]);
      expect(body).toMatchObject({ website: "https://cheap.example" });
    },
    typingTimeout,
  );

  it(
    "says Too many messages, and when to try again, past the limit per client",
    async () => {
      network.mockResolvedValue(tooMany(412));
      const user = renderForm();
      await fill(user, "5");
      await user.click(screen.getByRole("button", { name: "Send Message" }));
      expect(await screen.findByText("Too many messages from this connection")).toBeVisible();
      expect(
        screen.getByText(
          "We have received many messages from this connection in a short time. Please try again in 7 minutes.",
        ),
      ).toBeVisible();
      expect(screen.getByLabelText(/^Message/u)).toHaveValue("I would like to volunteer.");
    },
    typingTimeout,
  );

  it(
    "says it in Arabic on the registration form, with Arabic plural and digits",
    async () => {
      network.mockResolvedValue(tooMany(86_000));
      const user = renderForm("Mutakallim Program", "ar");
      await user.type(screen.getByLabelText(/^الاسم/u), "ليلى");
      await user.type(screen.getByLabelText(/^البريد/u), "layla@example.com");
      await user.type(screen.getByLabelText(/^الرسالة/u), "أود الانضمام.");
      await user.type(screen.getByLabelText(/٢ \+ ٣/u), "٥");
      await user.click(screen.getByRole("button", { name: "سجّل الآن" }));
      expect(await screen.findByText("وصلتنا رسائل كثيرة من هذا الاتصال")).toBeVisible();
      expect(screen.getByText("أعد المحاولة خلال ٢٤ ساعة، من فضلك.")).toBeVisible();
    },
    typingTimeout,
  );

  it(
    "falls back to later when the limit does not say when",
    async () => {
      network.mockResolvedValue(
        Response.json(
          { code: "PT429", message: "Too many", details: null, hint: null },
          { status: 429 },
        ),
      );
      const user = renderForm();
      await fill(user, "5");
      await user.click(screen.getByRole("button", { name: "Send Message" }));
      expect(
        await screen.findByText(
          "We have received many messages from this connection in a short time. Please try again later.",
        ),
      ).toBeVisible();
    },
    typingTimeout,
  );
});

describe("the phone field", () => {
  it("keeps a number typed with Arabic-Indic digits in Latin digits, so its groups read in order", async () => {
    const user = renderForm();
    const phone = screen.getByLabelText(/^Phone/u);
    await user.type(phone, "٠٧٩ ١٢٣ ٤٥٦٧");
    expect(phone).toHaveValue("079 123 4567");
    expect(phone).toHaveAttribute("dir", "ltr");
  });
});
