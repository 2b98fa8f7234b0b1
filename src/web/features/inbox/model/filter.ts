import type { FormSource } from "../../../../shared/contact-submission.ts";
import { normaliseDigits } from "../../../../shared/digits.ts";
import { isSubmissionStatus, type SubmissionStatus } from "./submission.ts";

export interface SubmissionFilter {
  form: FormSource | "all";
  status: SubmissionStatus | "all";
  /** Looked for in the name, email, phone and message. */
  text: string;
}

export const noFilter: SubmissionFilter = { form: "all", status: "all", text: "" };

/** What the inbox's address says: the filter, the page (from 1) and the submission open. */
export interface InboxAddress {
  filter: SubmissionFilter;
  page: number;
  open: number | undefined;
}

const formKeys = { contact: "Contact Page", mutakallim: "Mutakallim Program" } as const;
type FormKey = keyof typeof formKeys;

function formFromKey(key: string | null): FormSource | "all" {
  return key !== null && Object.hasOwn(formKeys, key) ? formKeys[key as FormKey] : "all";
}

function keyOfForm(form: FormSource): FormKey {
  return form === "Contact Page" ? "contact" : "mutakallim";
}

function positiveInteger(value: string | null): number | undefined {
  if (value === null || !/^\d+$/u.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 && Number.isSafeInteger(number) ? number : undefined;
}

export function readAddress(search: URLSearchParams): InboxAddress {
  const status = search.get("status");
  return {
    filter: {
      form: formFromKey(search.get("form")),
      status: isSubmissionStatus(status) ? status : "all",
      text: search.get("q") ?? "",
    },
    page: positiveInteger(search.get("page")) ?? 1,
    open: positiveInteger(search.get("open")),
  };
}

export function writeAddress({ filter, page, open }: InboxAddress): URLSearchParams {
  const search = new URLSearchParams();
  if (filter.form !== "all") search.set("form", keyOfForm(filter.form));
  if (filter.status !== "all") search.set("status", filter.status);
  if (filter.text.trim() !== "") search.set("q", filter.text.trim());
  if (page > 1) search.set("page", String(page));
  if (open !== undefined) search.set("open", String(open));
  return search;
}

/** LIKE's own wildcards and escape, taken literally. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/gu, (character) => `\\${character}`);
}

/** A value in PostgREST's logic-tree grammar: double-quoted, `"` and `\` escaped by `\`. */
function quoted(value: string): string {
  return `"${value.replace(/["\\]/gu, (character) => `\\${character}`)}"`;
}

export const searchedColumns = ["name", "email", "phone", "message"] as const;

/**
 * The `or` tree that finds `text` anywhere in the searched columns, or undefined for no text.
 * Digits typed on an Arabic keyboard also match the same digits written in Latin.
 */
export function textCondition(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  const variants = [...new Set([trimmed, normaliseDigits(trimmed)])];
  return variants
    .flatMap((variant) =>
      searchedColumns.map((column) => `${column}.ilike.${quoted(`*${likeLiteral(variant)}*`)}`),
    )
    .join(",");
}

/** The part of a supabase-js query builder a filter uses. */
export interface FilterableQuery<Query> {
  eq(column: string, value: string): Query;
  or(filters: string): Query;
}

export function applyFilter<Query extends FilterableQuery<Query>>(
  query: Query,
  filter: SubmissionFilter,
): Query {
  let filtered = query;
  if (filter.form !== "all") filtered = filtered.eq("form_source", filter.form);
  if (filter.status !== "all") filtered = filtered.eq("status", filter.status);
  const text = textCondition(filter.text);
  if (text) filtered = filtered.or(text);
  return filtered;
}
