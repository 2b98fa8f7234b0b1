// A change of language changes the direction on <html>: the browser styles and lays out the
// whole page again in the frame that shows it, most of it far below the screen. For that one
// frame, the parts of the page wholly below the screen keep their place and size without being
// styled or laid out (content-visibility: hidden, app.css); the frame after it draws them. They
// are out of sight meanwhile, so the visitor never sees the two languages at once, and nothing
// above them moves: a link to a place further down still lands on it (unlike
// content-visibility: auto, which left bands not yet drawn at a placeholder height).

/** The class app.css holds a part back with, and the properties giving it the size it had. */
export const heldClass = "held-below-screen";
const heldWidth = "--held-inline-size";
const heldHeight = "--held-block-size";

/** How deep a part straddling the screen's lower edge is looked into for parts below it. */
const depth = 6;

interface Held {
  element: HTMLElement;
  width: number;
  height: number;
}

function findBelow(element: Element, bottom: number, found: Held[], level: number): void {
  for (const child of element.children) {
    if (!(child instanceof HTMLElement)) continue;
    const box = child.getBoundingClientRect();
    if (box.top >= bottom) {
      // Inline boxes and boxes without one of their own cannot be contained.
      const display = getComputedStyle(child).display;
      if (display === "none" || display === "contents" || display.startsWith("inline")) continue;
      // Its own size, not its content's, so nothing beside or above it moves either.
      found.push({ element: child, width: box.width, height: box.height });
    } else if (box.bottom > bottom && level < depth) {
      findBelow(child, bottom, found, level + 1);
    }
  }
}

/**
 * Holds back what is wholly below the screen, read from the layout already there (so no layout
 * is forced), until the next frame has been painted. Call it just before the change is committed.
 */
export function holdBelowScreenForOneFrame(root: Element = document.body): void {
  // Browsers (and test environments) without it draw the whole page in the frame, as before.
  if (typeof CSS === "undefined" || !CSS.supports?.("content-visibility", "hidden")) return;
  const found: Held[] = [];
  findBelow(root, window.innerHeight, found, 0);
  if (found.length === 0) return;
  // Written once every box has been read: a read after a write would style the page again.
  for (const { element, width, height } of found) {
    element.style.setProperty(heldWidth, `${width}px`);
    element.style.setProperty(heldHeight, `${height}px`);
    element.classList.add(heldClass);
  }
  // The frame after the press's is drawn with them: released once it has been painted.
  requestAnimationFrame(() =>
    setTimeout(() => {
      for (const { element } of found) {
        element.classList.remove(heldClass);
        element.style.removeProperty(heldWidth);
        element.style.removeProperty(heldHeight);
      }
    }),
  );
}
