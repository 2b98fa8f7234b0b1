import type { z } from "zod";
import type { Language } from "../language.ts";

/** The editor's words for a section, in one language. */
export interface SectionLabels {
  /** The section's name: its tab, its heading, where a problem is. */
  name: string;
  /** The name of each of its fields, by key (and of a choice's options, by value). */
  fields: Record<string, string>;
  /** An item of one of its lists, counted from 1, by the list's key: "Program 3". */
  items?: Record<string, (number: string) => string>;
}

/**
 * One section of the site's content, declared once (docs/decisions/0041): its shape and checks
 * (the schema the editor, the import, the server's renderer and the build apply), the editor's
 * fields and words for it in both languages, and where the site shows it. The pages' reading of
 * it and the words it starts with live beside the content modules
 * (src/web/content/sections/<section>.ts), so that no public page loads a schema.
 */
export interface SectionDefinition<Schema extends z.ZodType = z.ZodType> {
  schema: Schema;
  /** The public pages it shows on (their keys in src/shared/pages.js), its preview's first. */
  shownOn: readonly string[];
  /** A new, empty item for each list the team adds to, by the list's key. */
  blank?: Readonly<Record<string, (list: readonly unknown[]) => unknown>>;
  /** Lists whose length is the layout's, by key: the editor neither adds nor removes. */
  fixedLists?: readonly string[];
  /** Long enough to fold its groups, each to its name and its count of problems. */
  folds?: boolean;
  labels: Record<Language, SectionLabels>;
}

/** A section's definition, its schema's type kept. */
export function defineSection<Schema extends z.ZodType>(
  definition: SectionDefinition<Schema>,
): SectionDefinition<Schema> {
  return definition;
}
