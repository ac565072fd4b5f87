// What the engine smoke runs inside the page, shared by every engine's driver: one finder that
// picks an element the way a user names it (its label, its text), and one measure of sideways
// scroll. Each is a plain function whose source is sent to the page, so it may use nothing from
// this module's scope.

/**
 * Where the smoke finds an element: a CSS selector, optionally inside another (`within`), narrowed
 * to the visible elements whose name (aria-label, label text or text, whitespace collapsed) is
 * `name` exactly, starts with `namePrefix`, or whose text contains `text`; `nth` picks among them.
 * @typedef {{ css: string, within?: string, name?: string, namePrefix?: string, text?: string,
 *   nth?: number, hidden?: boolean }} Locator
 */

/**
 * The element a locator names, or null.
 * @param {Locator} loc
 * @returns {Element | null}
 */
export function findElement(loc) {
  const squash = (/** @type {string | null | undefined} */ s) =>
    (s ?? '').replace(/\s+/g, ' ').trim();
  /** @param {Element} el */
  const nameOf = (el) => {
    const aria = el.getAttribute('aria-label');
    if (aria) return squash(aria);
    const by = el.getAttribute('aria-labelledby');
    if (by) {
      return squash(
        by
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent)
          .join(' ')
      );
    }
    const labels = /** @type {HTMLInputElement} */ (el).labels;
    if (labels && labels.length > 0) {
      // A label wrapping its control: the control's own text (a select's options) is no part of it.
      return squash(
        [...labels]
          .map((l) => {
            const copy = /** @type {Element} */ (l.cloneNode(true));
            copy.querySelectorAll('select, input, textarea').forEach((c) => c.remove());
            return copy.textContent;
          })
          .join(' ')
      );
    }
    return squash(el.textContent);
  };
  const scope = loc.within ? document.querySelector(loc.within) : document;
  if (!scope) return null;
  const found = [...scope.querySelectorAll(loc.css)].filter((el) => {
    if (!loc.hidden && el.getClientRects().length === 0) return false;
    if (loc.name !== undefined && nameOf(el) !== loc.name) return false;
    if (loc.namePrefix !== undefined && !nameOf(el).startsWith(loc.namePrefix)) return false;
    if (loc.text !== undefined && !squash(el.textContent).includes(loc.text)) return false;
    return true;
  });
  return found[loc.nth ?? 0] ?? null;
}

/**
 * Loads `path` in a 360 × 780 frame of this page (a phone's width, whatever the engine's window
 * allows) and resolves with what sticks out sideways once `ready` (a CSS selector) shows: the
 * page's scroll width against its width, and the widest elements past the right edge.
 * @param {string} path
 * @param {string} ready
 * @returns {Promise<{ width: number, scrollWidth: number, offenders: string[] } | string>}
 */
export function measureAt360(path, ready) {
  return new Promise((resolve) => {
    const frame = document.createElement('iframe');
    frame.style.cssText =
      'position:fixed;left:0;top:0;width:360px;height:780px;border:0;z-index:99999;background:#fff';
    frame.src = path;
    const started = Date.now();
    const poll = () => {
      const doc = frame.contentDocument;
      if (!doc || !doc.querySelector(ready)) {
        if (Date.now() - started > 20_000) resolve(`${path}: "${ready}" never showed`);
        else setTimeout(poll, 100);
        return;
      }
      // Let the page settle (fonts, a lazy panel) before measuring.
      setTimeout(() => {
        const root = doc.documentElement;
        const offenders = [...doc.querySelectorAll('main *')]
          .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 0.5)
          .slice(0, 5)
          .map(
            (el) => `${el.tagName.toLowerCase()}.${el.className} "${el.textContent?.slice(0, 30)}"`
          );
        resolve({ width: root.clientWidth, scrollWidth: root.scrollWidth, offenders });
        frame.remove();
      }, 300);
    };
    document.body.append(frame);
    poll();
  });
}
