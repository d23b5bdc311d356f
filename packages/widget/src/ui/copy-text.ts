/**
 * SPEC §2 copy buttons: writes a text to the clipboard; false when the browser refuses (no
 * permission in a cross-origin frame, an old web view), so the caller shows the failure toast.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    // Undefined outside secure contexts, whatever the DOM types say.
    if (!('clipboard' in navigator)) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
