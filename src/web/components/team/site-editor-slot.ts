import { createContext, type ReactNode } from "react";

/**
 * Where the site editor is in the team's pages: its view, and the part open (a section, or the
 * history). The page that frames the editor writes the address.
 */
export interface EditorAddress {
  view: "site";
  part: string | undefined;
}

export interface SiteEditorProps {
  part: string | undefined;
  hrefFor: (next: EditorAddress) => string;
}

/**
 * The site editor, as the team's pages show it in their site view: the inbox frames it (its
 * heading, account menu and tabs) without importing it; the route that composes both gives it
 * here, loaded only when the view opens.
 */
export const SiteEditorSlot = createContext<((props: SiteEditorProps) => ReactNode) | null>(null);
