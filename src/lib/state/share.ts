/**
 * Hands an exported file to the user: the share sheet on phones that have one (send the battle to
 * another player), a download everywhere else. Returns how it went, for a message.
 */
export async function shareOrDownload(
  fileName: string,
  text: string
): Promise<'shared' | 'downloaded' | 'cancelled'> {
  const file = new File([text], fileName, { type: 'application/json' });
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
