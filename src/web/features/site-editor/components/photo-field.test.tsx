import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
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

// The edges: supabase-js runs for real against a stubbed network, the upload's XMLHttpRequest
// is answered by the test, and the browser's decoding and drawing of pictures, which jsdom
// lacks, are stood in for.
const network = stubSupabaseNetwork();

class FakeRequest {
  static made: FakeRequest[] = [];
  method = "";
  url = "";
  headers = new Map<string, string>();
  body: FormData | undefined;
  status = 0;
  statusText = "";
  responseText = "";
  aborted = false;
  upload: {
    onprogress: ((event: Partial<ProgressEvent>) => void) | null;
    onload: (() => void) | null;
  } = { onprogress: null, onload: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers.set(name.toLowerCase(), value);
  }
  send(body: FormData) {
    this.body = body;
    FakeRequest.made.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ loaded, total, lengthComputable: true }));
  }
  answer(status: number, body: object) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    act(() => this.onload?.());
  }
  drop() {
    act(() => this.onerror?.());
  }
}
const requests = () => FakeRequest.made;
const lastRequest = () => FakeRequest.made[FakeRequest.made.length - 1]!;

/** The size a stood-in image element reads from a file's header, by the file's name. */
let header: { width: number; height: number } = { width: 4032, height: 3024 };
class FakeImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  naturalWidth = 0;
  naturalHeight = 0;
  set src(url: string) {
    queueMicrotask(() => {
      if (/broken|\.heic/u.test(url)) return this.onerror?.();
      this.naturalWidth = header.width;
      this.naturalHeight = header.height;
      this.onload?.();
    });
  }
}
let encodedSize: (type: string, quality: number) => number;
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
  header = { width: 4032, height: 3024 };
  encodedSize = () => 6;
  FakeRequest.made = [];
  vi.stubGlobal("XMLHttpRequest", FakeRequest);
  vi.stubGlobal("Image", FakeImage);
  vi.stubGlobal(
    "createImageBitmap",
    vi.fn((file: File, options?: ImageBitmapOptions) => {
      if (file.name.startsWith("broken") || header.width * header.height > 100_000_000)
        return Promise.reject(new DOMException("cannot decode", "InvalidStateError"));
      return Promise.resolve({
        width: options?.resizeWidth ?? header.width,
        height: options?.resizeHeight ?? header.height,
        close: vi.fn(),
      });
    }),
  );
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockImplementation(function (
    this: HTMLCanvasElement,
  ) {
    drawn = { width: this.width, height: this.height };
    return { drawImage: vi.fn() } as unknown as CanvasRenderingContext2D;
  });
  vi.spyOn(HTMLCanvasElement.prototype, "toBlob").mockImplementation((done, type, quality) => {
    encoded.push(String(type));
    const size = encodedSize(String(type), Number(quality));
    done(new Blob([new Uint8Array(size)], { type: String(type) }));
  });
  URL.createObjectURL = vi.fn((object: Blob | MediaSource) =>
    object instanceof File
      ? `blob:http://localhost/${object.name}`
      : "blob:http://localhost/chosen-1",
  );
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

const escaped = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&"), "u");

async function uploading() {
  await waitFor(() => expect(requests().length).toBeGreaterThan(0));
  return lastRequest();
}

describe("a story's photo in the editor", () => {
  it("offers the photos and the camera a phone has, HEIC too, for the types the site takes", () => {
    show();
    const input = screen.getByLabelText("Add a photo");
    expect(input).toHaveAttribute("type", "file");
    expect(input).toHaveAttribute(
      "accept",
      "image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif",
    );
    expect(input).not.toHaveAttribute("capture");
    expect(input).toHaveAccessibleDescription(
      /On the site: a small circle \(64 px\) beside the speaker's name, under the quote\. JPEG, PNG, WebP, AVIF or HEIC, of any size/u,
    );
    expect(screen.getByText("No photo")).toBeInTheDocument();
  });

  it("shows the photo chosen, smaller and as WebP, uploads it with its progress, and asks for its description in both languages", async () => {
    const user = show();
    await user.upload(screen.getByLabelText("Add a photo"), photo());

    expect(await screen.findByRole("img", { name: "The photo you chose" })).toHaveAttribute(
      "src",
      "blob:http://localhost/chosen-1",
    );
    expect(createImageBitmap).toHaveBeenCalledWith(expect.any(File), {
      imageOrientation: "from-image",
      resizeWidth: 2560,
      resizeHeight: 1920,
      resizeQuality: "high",
    });
    expect(drawn).toEqual({ width: 2560, height: 1920 });
    expect(encoded).toEqual(["image/webp"]);

    const request = await uploading();
    expect(request.method).toBe("POST");
    expect(request.url).toMatch(
      /^http:\/\/localhost(:\d+)?\/storage\/v1\/object\/site-media\/stories\/[0-9a-f-]{36}\.webp$/u,
    );
    expect(request.headers.get("apikey")).toBe("anon-key-for-tests");
    expect(request.headers.get("authorization")).toBe("Bearer anon-key-for-tests");
    expect(request.headers.get("x-upsert")).toBe("false");
    expect(request.body?.get("cacheControl")).toBe("31536000");
    expect((request.body?.get("") as Blob).type).toBe("image/webp");
    expect(screen.getByRole("status")).toHaveTextContent("Uploading the photo…");

    request.progress(450_000, 1_000_000);
    const progress = screen.getByRole("progressbar", { name: "Sending the photo" });
    expect(progress).toHaveAttribute("value", "450000");
    expect(progress).toHaveAttribute("max", "1000000");
    expect(screen.getByText("45% · 0.5 of 1 MB")).toBeInTheDocument();
    expect(screen.getByLabelText("Add a photo")).toBeDisabled();

    request.answer(200, { Key: "site-media/stories/x.webp" });
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Photo uploaded."));
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(requests()).toHaveLength(1);
    const path = /site-media\/(.*)$/u.exec(request.url)?.[1];
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

  it("takes a 13 MB photo from a phone, saying its size as the phone does, and judges what is sent", async () => {
    header = { width: 3024, height: 4032 };
    const decoded: Array<(bitmap: ImageBitmap) => void> = [];
    vi.mocked(createImageBitmap).mockImplementationOnce(
      () => new Promise((resolve) => decoded.push(resolve)),
    );
    const user = show("ar");
    await user.upload(screen.getByLabelText("أضف صورة"), photo("IMG_1300.jpg", 13_000_000));
    await waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent("جارٍ تصغير صورتك (١٣ ميغابايت)…"),
    );
    decoded[0]?.({ width: 1920, height: 2560, close: vi.fn() });
    const request = await uploading();
    expect(drawn).toEqual({ width: 1920, height: 2560 });
    request.progress(300_000, 600_000);
    expect(screen.getByText("٥٠٪ · ٠٫٣ من ٠٫٦ ميغابايت")).toBeInTheDocument();
    request.answer(200, { Key: "site-media/stories/x.webp" });
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("رُفعت الصورة"));
  });

  it("writes JPEG where the browser cannot write WebP", async () => {
    vi.mocked(HTMLCanvasElement.prototype.toBlob).mockImplementation((done, type) => {
      encoded.push(String(type));
      done(new Blob(["pixels"], { type: type === "image/webp" ? "image/png" : String(type) }));
    });
    const user = show();
    await user.upload(screen.getByLabelText("Add a photo"), photo());
    const request = await uploading();
    expect(encoded).toEqual(["image/webp", "image/jpeg"]);
    expect(request.url).toMatch(/\.jpg$/u);
  });

  it("writes a busy photo again at a lower quality rather than refuse it", async () => {
    encodedSize = (_type, quality) => (quality > 0.8 ? 11_000_000 : 4_000_000);
    const user = show();
    await user.upload(screen.getByLabelText("Add a photo"), photo());
    const request = await uploading();
    expect(encoded).toEqual(["image/webp", "image/webp"]);
    expect((request.body?.get("") as Blob).size).toBe(4_000_000);
  });

  it.each([
    [
      "en",
      photo("talk.pdf", 1000, "application/pdf"),
      "This file is not a photo the site takes: choose a JPEG, PNG, WebP or AVIF photo.",
    ],
    [
      "en",
      photo("logo.svg", 1000, "image/svg+xml"),
      "This file is an SVG drawing: the site takes photos, not drawings. Choose a photo, or save the drawing as a PNG.",
    ],
    [
      "ar",
      photo("vector.svg", 1000, "image/svg+xml"),
      "هذا الملف رسم بصيغة SVG، والموقع يقبل الصور لا الرسوم. اختر صورة، أو احفظ الرسم بصيغة PNG.",
    ],
    [
      "en",
      photo("IMG_0001.heic", 3_000_000, "image/heic"),
      "This photo is HEIC, a format this browser cannot open. Choose a JPEG instead: on an iPhone, set Settings → Camera → Formats → Most Compatible",
    ],
    [
      "ar",
      photo("IMG_0001.heic", 3_000_000, ""),
      "هذه الصورة بصيغة HEIC، وهذا المتصفح لا يستطيع فتحها. اختر صورة JPEG بدلًا منها: في iPhone افتح الإعدادات ← الكاميرا ← التنسيقات ← الأكثر توافقًا",
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
      expect(input).toHaveAccessibleDescription(escaped(why));
      expect(requests()).toHaveLength(0);
      expect(latest).toEqual(story);
    },
  );

  it("converts a HEIC photo the browser can open, like any other", async () => {
    const user = show();
    // Safari opens HEIC: its image element reads the header.
    await user.upload(
      screen.getByLabelText("Add a photo"),
      photo("IMG_0001.HEIF", 3_000_000, "image/heif"),
    );
    const request = await uploading();
    expect(request.url).toMatch(/\.webp$/u);
    expect((request.body?.get("") as Blob).type).toBe("image/webp");
  });

  it("says a photo this device cannot open by its megapixels, and one still too large once smaller in MB", async () => {
    header = { width: 16_320, height: 12_240 };
    const user = show();
    await user.upload(screen.getByLabelText("Add a photo"), photo("IMG_200MP.jpg", 60_000_000));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This photo is 200 megapixels, more than this device can open.",
    );

    header = { width: 4032, height: 3024 };
    encodedSize = () => 30_000_000;
    await user.upload(
      screen.getByLabelText("Add a photo"),
      photo("noise.png", 40_000_000, "image/png"),
    );
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent(
        "Even made smaller, this photo is 30 MB: the site takes 10.5 MB at most.",
      ),
    );
    expect(requests()).toHaveLength(0);
  });

  it("cancels an upload on the way, leaving the draft as it was and nothing stored", async () => {
    network.mockResolvedValue(Response.json([]));
    const user = show();
    await user.upload(screen.getByLabelText("Add a photo"), photo());
    const request = await uploading();
    request.progress(100, 1000);
    await user.click(screen.getByRole("button", { name: "Cancel the upload" }));
    expect(request.aborted).toBe(true);
    expect(screen.getByRole("status")).toHaveTextContent("Upload cancelled");
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(screen.queryByRole("img")).toBeNull();
    expect(latest).toEqual(story);
    // Should its bytes have arrived before the cancel, they are taken away.
    await waitFor(() => expect(network).toHaveBeenCalledOnce());
    const [url, init] = network.mock.calls[0]!;
    expect(requestUrl(url)).toMatch(/\/storage\/v1\/object\/site-media$/u);
    expect(init?.method).toBe("DELETE");
    expect(init?.body).toContain(/site-media\/(.*)$/u.exec(request.url)?.[1]);
  });

  it.each([
    [
      "en",
      "The connection was lost. The photo will be sent again as soon as it is back.",
      "Try again now",
    ],
    ["ar", "انقطع الاتصال. ستُرسَل الصورة من جديد حين يعود.", "أعد المحاولة الآن"],
  ] as const)(
    "says a lost connection as such in %s, and sends the photo again when it is back",
    async (language, lost, retry) => {
      const user = show(language);
      await user.upload(
        screen.getByLabelText(language === "ar" ? "أضف صورة" : "Add a photo"),
        photo(),
      );
      const first = await uploading();
      first.progress(500, 1000);
      first.drop();
      expect(await screen.findByRole("alert")).toHaveTextContent(lost);
      expect(screen.getByRole("progressbar")).toHaveAttribute("value", "500");

      act(() => void window.dispatchEvent(new Event("online")));
      await waitFor(() => expect(requests()).toHaveLength(2));
      const second = lastRequest();
      expect(second.url).toBe(first.url);
      second.drop();
      await screen.findByRole("alert");

      await user.click(screen.getByRole("button", { name: retry }));
      await waitFor(() => expect(requests()).toHaveLength(3));
      // The first attempt's bytes arrived though its answer was lost: the photo is there.
      lastRequest().answer(409, {
        statusCode: "409",
        error: "Duplicate",
        message: "The resource already exists",
      });
      await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
      expect(latest).toEqual({
        ...story,
        image: { path: /site-media\/(.*)$/u.exec(first.url)?.[1], alt: { ar: "", en: "" } },
      });
    },
  );

  it("takes the browser's word that it is offline, though the request hangs", async () => {
    const user = show();
    await user.upload(screen.getByLabelText("Add a photo"), photo());
    const request = await uploading();
    act(() => void window.dispatchEvent(new Event("offline")));
    expect(await screen.findByRole("alert")).toHaveTextContent("The connection was lost");
    expect(request.aborted).toBe(true);
  });

  it("sends again by itself after a wait that grows", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      show();
      fireEvent.change(screen.getByLabelText("Add a photo"), { target: { files: [photo()] } });
      (await uploading()).drop();
      await act(() => vi.advanceTimersByTimeAsync(2_000));
      await waitFor(() => expect(requests()).toHaveLength(2));
      lastRequest().drop();
      await act(() => vi.advanceTimersByTimeAsync(2_000));
      expect(requests()).toHaveLength(2);
      await act(() => vi.advanceTimersByTimeAsync(2_000));
      await waitFor(() => expect(requests()).toHaveLength(3));
    } finally {
      vi.useRealTimers();
    }
  });

  it("says what the server refused, and keeps the draft as it was", async () => {
    const user = show();
    await user.upload(screen.getByLabelText("Add a photo"), photo());
    (await uploading()).answer(415, {
      statusCode: "415",
      error: "invalid_mime_type",
      message: "mime type image/gif is not supported",
    });
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
