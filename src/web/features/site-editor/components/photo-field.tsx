import { useEffect, useRef, useState, type ReactNode } from "react";
import type { SiteContentSection, SiteImage } from "../../../../shared/site-content.ts";
import { formatNumber } from "../../../lib/format.ts";
import { photoCrops } from "../../../lib/photo-crops.ts";
import { photoUrl, previewImage } from "../../../lib/photo-variants.ts";
import { secondaryButton } from "../../../components/team/styles.ts";
import { useDescribeFailure } from "../../../components/team/use-describe-failure.ts";
import { uploadPhoto } from "../api/upload-photo.ts";
import { useEditorContent } from "../content/use-editor-content.ts";
import { fieldId } from "../model/fields.ts";
import {
  acceptedPhotoTypes,
  photoLimitBytes,
  photoRefusal,
  preparePhoto,
  UnreadablePhoto,
  type PhotoRefusal,
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
  | { kind: "preparing" }
  | { kind: "uploading" }
  | { kind: "uploaded" }
  | { kind: "refused"; text: string };

const megabytes = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 10) / 10;

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

function statusOf(error: unknown): number {
  const { statusCode, status } = (error ?? {}) as { statusCode?: unknown; status?: unknown };
  return Number(statusCode ?? status);
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

  const refusal = (kind: PhotoRefusal, bytes: number) =>
    kind === "tooLarge"
      ? words.photo.tooLarge(
          formatNumber(language, megabytes(bytes)),
          formatNumber(language, megabytes(photoLimitBytes)),
        )
      : words.photo[kind];

  async function choose(file: File) {
    const refused = photoRefusal(file);
    if (refused) {
      setStep({ kind: "refused", text: refusal(refused, file.size) });
      return;
    }
    setStep({ kind: "preparing" });
    let prepared;
    try {
      prepared = await preparePhoto(file);
    } catch (error) {
      if (!(error instanceof UnreadablePhoto)) throw error;
      setStep({ kind: "refused", text: words.photo.unreadable });
      return;
    }
    setChosen(URL.createObjectURL(prepared.blob));
    setStep({ kind: "uploading" });
    try {
      const uploaded = await uploadPhoto(section, prepared);
      const { image: now, onChange: change } = latest.current;
      change({ path: uploaded, alt: now?.alt ?? { ar: "", en: "" } });
      setStep({ kind: "uploaded" });
    } catch (error) {
      const status = statusOf(error);
      const reason =
        status === 413
          ? refusal("tooLarge", prepared.blob.size)
          : status === 415 || status === 422
            ? words.photo.notImage
            : describeFailure(error);
      setChosen(undefined);
      setStep({ kind: "refused", text: words.photo.failed(reason) });
    }
  }

  function remove() {
    setChosen(undefined);
    setStep({ kind: "idle" });
    onChange(undefined);
  }

  const busy = step.kind === "preparing" || step.kind === "uploading";
  const problem = problems.get(pathKey([...path, "path"])) ?? problems.get(pathKey(path));
  const shape = shapeOf(section);
  const shown = chosen ?? (image ? photoUrl(image.path, shape.width, shape.height) : undefined);
  const caption = chosen ? words.photo.chosen : words.photo.current;
  const before = published as SiteImage | undefined;
  const changed = before?.path !== image?.path;
  const status =
    step.kind === "preparing"
      ? words.photo.preparing
      : step.kind === "uploading"
        ? words.photo.uploading
        : step.kind === "uploaded"
          ? words.photo.uploaded
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
        {words.photo.accepted(formatNumber(language, megabytes(photoLimitBytes)))}
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
