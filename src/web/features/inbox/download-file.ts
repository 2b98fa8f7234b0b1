/** Hands the browser a file to save, made here rather than fetched. */
export function downloadFile(contents: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([contents], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once started; the address can go a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
