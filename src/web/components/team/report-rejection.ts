/**
 * For an async event handler, whose promise React does not take: `onSubmit={(event) =>
 * reportRejection(submit(event))}`. Each handler tells the visitor of the failures it expects
 * (a toast, a note beside the field); whatever else it throws is a fault in the page, reported
 * as the browser reports an uncaught error rather than left as a rejection nobody handles.
 */
export function reportRejection(work: Promise<unknown>): void {
  work.catch((error: unknown) => {
    reportError(error);
  });
}
