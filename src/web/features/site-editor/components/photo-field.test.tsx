import { screen, within, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWeb } from "../../../../../tests/support/render-web.tsx";
import { stubSupabaseNetwork } from "../../../../../tests/support/supabase-network.ts";
import { requestUrl } from "../../../../../tests/support/fetch-call.ts";
import type { Language } from "../../../../shared/language.ts";
import { ar } from "../content/ar.ts";
import { en } from "../content/en.ts";
import { sectionProblems } from "../model/problems.ts";
import { Node } from "./section-fields.tsx";

// The edges: supabase-js runs for real against a stubbed network, and the browser's decoding
// and drawing of pictures, which jsdom lacks, are stood in for.
const network = stubSupabaseNetwork();
const story = {
  quote: { ar: "الكلمة تبني", en: "The word builds" },
  author: { ar: "سارة", en: "Sara" },
  context: { ar: "مشاركة", en: "Participant" },
};
let encoded: string[];
let drawn: { width: number; height: number } | undefined;
let latest: unknown;

beforeEach(() => {
  encoded = [];
  drawn = undefined;
  vi.stubGlobal(
    "createImageBitmap",
    vi.fn((file: File) => {
      if (file.name.startsWith("broken"))
        return Promise.reject(new DOMException("cannot decode", "InvalidStateError"));
      return Promise.resolve({ width: 4032, height: 3024, close: vi.fn() });
    }),
  );
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockImplementation(function (
    this: HTMLCanvasElement,
  ) {
    drawn = { width: this.width, height: this.height };
    return { drawImage: vi.fn() } as unknown as CanvasRenderingContext2D;
  });
  vi.spyOn(HTMLCanvasElement.prototype, "toBlob").mockImplementation((done, type) => {
    encoded.push(String(type));
    done(new Blob(["pixels"], { type: String(type) }));
  });
  URL.createObjectURL = vi.fn(() => "blob:http://localhost/chosen-1");
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.restoreAllMocks();
});

function Story({ language, initial }: { language: Language; initial: object }) {
  const [value, setValue] = useState<object>(initial);
  const words = language === "ar" ? ar : en;
  return (
    <Node
      section="stories"
      path={[0]}
      value={value}
      published={story}
      problems={sectionProblems("stories", [value], words.problems, String)}
      onChange={(next) => {
        latest = next;
        setValue(next as object);
      }}
    />
  );
}

function show(language: Language = "en", initial: object = story) {
  latest = initial;
  renderWeb(<Story language={language} initial={initial} />, { language });
  return userEvent.setup({ applyAccept: false });
}

const photo = (name = "IMG_0042.jpg", bytes = 5 * 1024 * 1024, type = "image/jpeg") =>
  new File([new Uint8Array(bytes)], name, { type });

describe("a story's photo in the editor", () => {
  it("offers the photos and the camera a phone has, for the types the site takes", () => {
    show();
    const input = screen.getByLabelText("Add a photo");
    expect(input).toHaveAttribute("type", "file");
    expect(input).toHaveAttribute("accept", "image/jpeg,image/png,image/webp,image/avif");
    expect(input).not.toHaveAttribute("capture");
    expect(input).toHaveAccessibleDescription(
      /On the site: a small circle \(64 px\) beside the speaker's name, under the quote\. JPEG, PNG/u,
    );
    expect(screen.getByText("No photo")).toBeInTheDocument();
  });

  it("shows the photo chosen, smaller and as WebP, uploads it once, and asks for its description in both languages", async () => {
    network.mockResolvedValue(Response.json({ Key: "site-media/stories/x.webp" }));
    const user = show();
    await user.upload(screen.getByLabelText("Add a photo"), photo());

    expect(await screen.findByRole("img", { name: "The photo you chose" })).toHaveAttribute(
      "src",
      "blob:http://localhost/chosen-1",
    );
    expect(drawn).toEqual({ width: 2560, height: 1920 });
    expect(encoded).toEqual(["image/webp"]);
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Photo uploaded."));

    expect(network).toHaveBeenCalledOnce();
    const [url, init] = network.mock.calls[0]!;
    expect(requestUrl(url)).toMatch(
      /\/storage\/v1\/object\/site-media\/stories\/[0-9a-f-]{36}\.webp$/u,
    );
    expect(init?.method).toBe("POST");
    expect(new Headers(init?.headers).get("x-upsert")).toBe("false");
    const body = init?.body as FormData;
    expect(body.get("cacheControl")).toBe("31536000");
    const path = /site-media\/(.*)$/u.exec(requestUrl(url))?.[1];
    expect(latest).toEqual({ ...story, image: { path, alt: { ar: "", en: "" } } });

    const arabic = screen.getByLabelText("Description of the photo (Arabic)");
    expect(arabic).toHaveAccessibleDescription(/in both languages: needed before publishing/u);
    expect(arabic).toHaveAttribute("aria-invalid", "true");
    expect(arabic).toHaveAccessibleDescription(/needed before publishing, not to save/u);
    await user.type(arabic, "سارة على المنصة");
    await user.type(screen.getByLabelText("Description of the photo (English)"), "Sara on stage");
    expect(latest).toEqual({
      ...story,
      image: { path, alt: { ar: "سارة على المنصة", en: "Sara on stage" } },
    });
    expect(screen.getByLabelText("Replace the photo")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Remove the photo" }));
    expect(latest).toEqual(story);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith("blob:http://localhost/chosen-1");
    expect(screen.queryByLabelText("Description of the photo (Arabic)")).toBeNull();
  });

  it("writes JPEG where the browser cannot write WebP", async () => {
    vi.mocked(HTMLCanvasElement.prototype.toBlob).mockImplementation((done, type) => {
      encoded.push(String(type));
      done(new Blob(["pixels"], { type: type === "image/webp" ? "image/png" : String(type) }));
    });
    network.mockResolvedValue(Response.json({ Key: "site-media/stories/x.jpg" }));
    const user = show();
    await user.upload(screen.getByLabelText("Add a photo"), photo());
    await waitFor(() => expect(network).toHaveBeenCalledOnce());
    expect(encoded).toEqual(["image/webp", "image/jpeg"]);
    expect(requestUrl(network.mock.calls[0]![0])).toMatch(/\.jpg$/u);
  });

  it.each([
    [
      "en",
      photo("big.jpg", 11 * 1024 * 1024),
      "This file is 11 MB: a photo can be 10 MB at most. Choose a smaller one.",
    ],
    [
      "ar",
      photo("big.jpg", 11 * 1024 * 1024),
      "حجم هذا الملف ١١ ميغابايت، والحد ١٠ ميغابايت للصورة. اختر صورة أصغر.",
    ],
    [
      "en",
      photo("talk.pdf", 1000, "application/pdf"),
      "This file is not a photo the site takes: choose a JPEG, PNG, WebP or AVIF photo.",
    ],
    [
      "ar",
      photo("vector.svg", 1000, "image/svg+xml"),
      "هذا الملف ليس صورة يقبلها الموقع: اختر صورة JPEG أو PNG أو WebP أو AVIF.",
    ],
    [
      "en",
      photo("broken.jpg"),
      "This photo could not be read. Choose another, or save it again as a JPEG.",
    ],
  ] as const)(
    "refuses a file in %s, saying why beside the field: %#",
    async (language, file, why) => {
      const user = show(language);
      const input = screen.getByLabelText(language === "ar" ? "أضف صورة" : "Add a photo");
      await user.upload(input, file);
      expect(await screen.findByRole("alert")).toHaveTextContent(why);
      expect(input).toHaveAttribute("aria-invalid", "true");
      expect(input).toHaveAccessibleDescription(
        new RegExp(why.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&"), "u"),
      );
      expect(network).not.toHaveBeenCalled();
      expect(latest).toEqual(story);
    },
  );

  it("says what the server refused, and keeps the draft as it was", async () => {
    network.mockResolvedValue(
      Response.json(
        {
          statusCode: "415",
          error: "invalid_mime_type",
          message: "mime type image/gif is not supported",
        },
        { status: 415 },
      ),
    );
    const user = show();
    await user.upload(screen.getByLabelText("Add a photo"), photo());
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The photo was not uploaded: This file is not a photo the site takes",
    );
    expect(latest).toEqual(story);
    expect(screen.queryByRole("img")).toBeNull();
  });

  it.each([
    ["en", "As the site shows it:"],
    ["ar", "كما يعرضها الموقع:"],
  ] as const)(
    "previews the photo in the site's crop, a 64 px circle beside the name (%s)",
    (language, asShown) => {
      show(language, {
        ...story,
        image: { path: "stories/a1.webp", alt: { ar: "سارة", en: "Sara" } },
      });
      const preview = screen.getByText(asShown).parentElement!;
      const circle = within(preview).getByRole("presentation");
      expect(circle).toHaveAttribute("width", "64");
      expect(circle).toHaveAttribute("height", "64");
      expect(circle.getAttribute("src")).toMatch(/stories\/a1\.webp\?width=128&height=128&/u);
      expect(within(preview).getByText(story.author[language])).toBeInTheDocument();
    },
  );

  it("shows the photo a draft holds through the site's variants, with its description's fields", () => {
    const image = { path: "stories/a1.webp", alt: { ar: "سارة", en: "" } };
    show("ar", { ...story, image });
    expect(screen.getByRole("img", { name: "الصورة في هذه المسودة" })).toHaveAttribute(
      "src",
      "/storage/v1/render/image/public/site-media/stories/a1.webp?width=480&height=480&resize=cover&quality=75",
    );
    expect(screen.getByLabelText("وصف الصورة (الإنجليزية)")).toHaveAccessibleDescription(
      /الوصف مطلوب قبل النشر، لا للحفظ/u,
    );
    expect(screen.getByLabelText("استبدل الصورة")).toBeInTheDocument();
  });
});
