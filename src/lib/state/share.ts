/** The file's type from its name: a shared Markdown report must not arrive labelled as JSON. */
export function mimeTypeOf(fileName: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (ext === 'md') return 'text/markdown';
  if (ext === 'txt') return 'text/plain';
  if (ext === 'csv') return 'text/csv';
  return 'application/json';
}

/**
 * Hands an exported file to the user: the share sheet on phones that have one (send the battle to
 * another player), a download everywhere else. Returns how it went, for a message.
 */
export async function shareOrDownload(
  fileName: string,
  text: string
): Promise<'shared' | 'downloaded' | 'cancelled'> {
  const file = new File([text], fileName, { type: mimeTypeOf(fileName) });
  const isPhone = typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
  if (
    isPhone &&
    typeof navigator.canShare === 'function' &&
    navigator.canShare({ files: [file] })
  ) {
    try {
      await navigator.share({ files: [file], title: fileName });
      return 'shared';
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') return 'cancelled';
      // Share refused (no permission, no target): fall back to a download.
    }
  }
  const url = URL.createObjectURL(file);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return 'downloaded';
}
