import { useEffect, useRef, useState, type ReactNode } from "react";
import type { Language } from "../../../../shared/language.ts";
import type { SiteContentSection, SiteImage } from "../../../../shared/site-content.ts";
import { formatNumber } from "../../../lib/format.ts";
import { photoCrops } from "../../../lib/photo-crops.ts";
import { photoUrl, previewImage } from "../../../lib/photo-variants.ts";
import { secondaryButton } from "../../../components/team/styles.ts";
import { useDescribeFailure } from "../../../components/team/use-describe-failure.ts";
import {
  forgetPhoto,
  photoPath,
  uploadPhoto,
  UploadLost,
  UploadRefused,
} from "../api/upload-photo.ts";
import { useEditorContent } from "../content/use-editor-content.ts";
import { fieldId } from "../model/fields.ts";
import {
  acceptedPhotoTypes,
  megabytes,
  photoLimitBytes,
  PhotoRefused,
  preparePhoto,
  type PreparedPhoto,
} from "../model/prepare-photo.ts";
import { pathKey, type FieldPath } from "../model/problems.ts";
import { ConflictChoice } from "./conflict-choice.tsx";
import { PhotoCrop } from "./photo-crop.tsx";

interface PhotoFieldProps {
  section: SiteContentSection;
  /** Where the photo is: `[2, "image"]`, `["meta", "home", "image"]`. */
  path: FieldPath;
  value: unknown;
  published: unknown;
  problems: ReadonlyMap<string, string>;
  onChange: (value: unknown) => void;
  /** What the site shows beside the photo: a speaker's name, a program's or a page's title. */
  beside?: string;
  /** The photo's description in both languages, drawn by the walker once there is a photo. */
  children: ReactNode;
}

type Step =
  | { kind: "idle" }
  | { kind: "preparing"; bytes: number }
  | { kind: "uploading" | "lost"; sent: number; total: number }
  | { kind: "uploaded" }
  | { kind: "cancelled" }
  | { kind: "refused"; text: string };

/** One photo on its way: sent again after a lost connection until it arrives or is cancelled. */
interface Upload {
  path: string;
  photo: PreparedPhoto;
  abort: AbortController;
  failures: number;
  stopWaiting?: () => void;
}

/** The wait before sending again after the `failures`th lost connection, unless it is back sooner. */
const retryDelay = (failures: number) => Math.min(30_000, 2_000 * 2 ** (failures - 1));

/** A decimal number as the language writes it: «١٠٫٥» in Arabic. */
function decimal(language: Language, value: number): string {
  const written = formatNumber(language, value);
  return language === "ar" ? written.replace(".", "\u066b") : written;
}

/** The crop the site shows a section's photo in, as the editor previews it. */
function shapeOf(section: SiteContentSection): { width: number; height: number; aspect: string } {
  if (section === "stories") return { width: 480, height: 480, aspect: "aspect-square" };
  if (section === "programs") {
    const { width, height } = photoCrops.cover;
    return { width: 640, height: (640 * height) / width, aspect: "aspect-video" };
  }
  const height = (600 * previewImage.height) / previewImage.width;
  return { width: 600, height, aspect: "aspect-[1200/630]" };
}

/**
 * A photo of a story, a program or a page's link preview: chosen from the device (a phone offers
 * its photos and its camera), drawn again smaller and without its metadata, shown at once, and
 * uploaded to `site-media`; its path then joins the draft like any other field.
 */
export function PhotoField({
  section,
  path,
  value,
  published,
  problems,
  onChange,
  beside,
  children,
}: PhotoFieldProps) {
  const { words, language } = useEditorContent();
  const describeFailure = useDescribeFailure();
  const image = value as SiteImage | undefined;
  const id = fieldId(section, [...path, "path"]);
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);
  // An upload ends after the member may have typed elsewhere in the section: the draft it joins
  // is the one drawn last, not the one drawn when the photo was chosen.
  const latest = useRef({ image, onChange });
  useEffect(() => {
    latest.current = { image, onChange };
  });
  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen) : undefined), [chosen]);

  const upload = useRef<Upload | undefined>(undefined);
  useEffect(() => () => upload.current?.stopWaiting?.(), []);
  const size = (bytes: number) => decimal(language, megabytes(bytes));

  const refusal = (refused: PhotoRefused) => {
    switch (refused.reason) {
      case "tooLarge":
        return words.photo.tooLarge(size(refused.amount), size(photoLimitBytes));
      case "tooManyPixels":
        return words.photo.tooManyPixels(formatNumber(language, Math.round(refused.amount)));
      default:
        return words.photo[refused.reason];
    }
  };

  async function send(job: Upload, again: boolean) {
    setStep({ kind: "uploading", sent: 0, total: job.photo.blob.size });
    try {
      await uploadPhoto(job.path, job.photo, {
        signal: job.abort.signal,
        again,
        onProgress: (sent, total) => {
          if (upload.current === job) setStep({ kind: "uploading", sent, total });
        },
      });
    } catch (error) {
      if (upload.current !== job) return;
      if (error instanceof UploadLost) {
        job.failures += 1;
        const retry = () => {
          job.stopWaiting?.();
          if (upload.current === job) void send(job, true);
        };
        const timer = window.setTimeout(retry, retryDelay(job.failures));
        window.addEventListener("online", retry);
        job.stopWaiting = () => {
          window.clearTimeout(timer);
          window.removeEventListener("online", retry);
          job.stopWaiting = undefined;
        };
        setStep((now) => ({
          kind: "lost",
          sent: now.kind === "uploading" ? now.sent : 0,
          total: job.photo.blob.size,
        }));
        return;
      }
      upload.current = undefined;
      const status = error instanceof UploadRefused ? error.status : 0;
      const reason =
        status === 413
          ? refusal(new PhotoRefused("tooLarge", job.photo.blob.size))
          : status === 415 || status === 422
            ? words.photo.notImage
            : describeFailure(error);
      setChosen(undefined);
      setStep({ kind: "refused", text: words.photo.failed(reason) });
      return;
    }
    if (upload.current !== job) return;
    upload.current = undefined;
    const { image: now, onChange: change } = latest.current;
    change({ path: job.path, alt: now?.alt ?? { ar: "", en: "" } });
    setStep({ kind: "uploaded" });
  }

  async function choose(file: File) {
    setStep({ kind: "preparing", bytes: file.size });
    let photo;
    try {
      photo = await preparePhoto(file);
    } catch (error) {
      if (!(error instanceof PhotoRefused)) throw error;
      setStep({ kind: "refused", text: refusal(error) });
      return;
    }
    setChosen(URL.createObjectURL(photo.blob));
    const job: Upload = {
      path: photoPath(section, photo),
      photo,
      abort: new AbortController(),
      failures: 0,
    };
    upload.current = job;
    await send(job, false);
  }

  function retryNow() {
    const job = upload.current;
    if (!job) return;
    job.stopWaiting?.();
    void send(job, true);
  }

  function cancel() {
    const job = upload.current;
    if (!job) return;
    upload.current = undefined;
    job.stopWaiting?.();
    job.abort.abort();
    setChosen(undefined);
    setStep({ kind: "cancelled" });
    void forgetPhoto(job.path);
  }

  function remove() {
    setChosen(undefined);
    setStep({ kind: "idle" });
    onChange(undefined);
  }

  const busy = step.kind === "preparing" || step.kind === "uploading" || step.kind === "lost";
  const problem = problems.get(pathKey([...path, "path"])) ?? problems.get(pathKey(path));
  const shape = shapeOf(section);
  const shown = chosen ?? (image ? photoUrl(image.path, shape.width, shape.height) : undefined);
  const caption = chosen ? words.photo.chosen : words.photo.current;
  const before = published as SiteImage | undefined;
  const changed = before?.path !== image?.path;
  const status =
    step.kind === "preparing"
      ? words.photo.preparing(size(step.bytes))
      : step.kind === "uploading"
        ? words.photo.uploading
        : step.kind === "uploaded"
          ? words.photo.uploaded
          : step.kind === "cancelled"
            ? words.photo.cancelled
            : "";
  const described = [
    `${id}-hint`,
    step.kind === "refused" && `${id}-refused`,
    problem && `${id}-problem`,
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <fieldset className="grid min-w-0 gap-3 rounded-2xl border border-ink-900/15 p-4">
      <legend className="px-2 font-bold text-ink-900">{words.photo.legend}</legend>
      <p id={`${id}-hint`} className="text-sm text-ink-700">
        {words.photo.shapes[section === "stories" || section === "programs" ? section : "pages"]}{" "}
        {words.photo.accepted}
      </p>
      {(chosen ?? image?.path) && (
        <div className="grid gap-1.5 rounded-xl bg-ink-900/5 p-3">
          <p className="text-sm text-ink-700">{words.photo.asShown}</p>
          {/* The same photo as above, in the site's crop: described there. */}
          <PhotoCrop section={section} source={chosen ?? image?.path ?? ""} alt="">
            {beside && (
              <bdi className="min-w-0 font-semibold text-ink-900 wrap-anywhere">{beside}</bdi>
            )}
          </PhotoCrop>
        </div>
      )}
      {shown ? (
        <div className="grid gap-1.5">
          <img
            src={shown}
            alt={caption}
            width={shape.width}
            height={shape.height}
            className={`h-auto w-full max-w-sm rounded-xl bg-ink-900/10 object-cover ${shape.aspect}`}
          />
          <p aria-hidden="true" className="text-sm text-ink-700">
            {caption}
          </p>
        </div>
      ) : (
        <p className="text-sm text-ink-700">{words.photo.none}</p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={input}
          id={id}
          type="file"
          accept={acceptedPhotoTypes.join(",")}
          className="peer sr-only"
          disabled={busy}
          aria-invalid={problem || step.kind === "refused" ? true : undefined}
          aria-describedby={described}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // The same file may be chosen again after a refusal.
            event.target.value = "";
            if (file) void choose(file);
          }}
        />
        <label
          htmlFor={id}
          className={`${secondaryButton} cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ink-900 peer-disabled:cursor-wait peer-disabled:opacity-70`}
        >
          {image ? words.photo.replace : words.photo.choose}
        </label>
        {image && (
          <button type="button" className={secondaryButton} disabled={busy} onClick={remove}>
            {words.photo.remove}
          </button>
        )}
      </div>
      <p role="status" className="text-sm font-semibold text-ink-900">
        {status}
      </p>
      {(step.kind === "uploading" || step.kind === "lost") && (
        <div className="grid gap-2">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
            <label htmlFor={`${id}-progress`} className="font-semibold text-ink-900">
              {words.photo.progressLabel}
            </label>
            <span aria-hidden="true" className="text-ink-700 tabular-nums">
              {words.photo.progress(
                formatNumber(language, Math.floor((100 * step.sent) / Math.max(1, step.total))),
                size(step.sent),
                size(step.total),
              )}
            </span>
          </div>
          <progress
            id={`${id}-progress`}
            max={step.total}
            value={step.sent}
            className="h-2 w-full overflow-hidden rounded-full accent-ink-900"
          />
          {step.kind === "lost" && (
            <p role="alert" className="text-sm font-semibold text-red-800">
              {words.photo.lost}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            {step.kind === "lost" && (
              <button type="button" className={secondaryButton} onClick={retryNow}>
                {words.photo.retry}
              </button>
            )}
            <button type="button" className={secondaryButton} onClick={cancel}>
              {words.photo.cancel}
            </button>
          </div>
        </div>
      )}
      {step.kind === "refused" && (
        <p id={`${id}-refused`} role="alert" className="text-sm font-semibold text-red-800">
          {step.text}
        </p>
      )}
      {problem && (
        <p id={`${id}-problem`} className="text-sm font-semibold text-red-800">
          {problem}
        </p>
      )}
      {changed && (
        <p className="text-sm text-ink-700">
          {words.published} {before ? "" : words.photo.none}
        </p>
      )}
      {changed && before && (
        <img
          src={photoUrl(before.path, shape.width, shape.height)}
          alt={before.alt[language]}
          width={shape.width}
          height={shape.height}
          loading="lazy"
          className={`h-auto w-32 rounded-lg bg-ink-900/10 object-cover ${shape.aspect}`}
        />
      )}
      <ConflictChoice path={[...path, "path"]} label={words.photo.legend} fieldId={id} />
      {image && (
        <div className="grid gap-2">
          <p id={`${id}-alt-hint`} className="text-sm text-ink-700">
            {words.photo.altHint}
          </p>
          {children}
        </div>
      )}
    </fieldset>
  );
}
