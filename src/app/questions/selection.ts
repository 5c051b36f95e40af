// Maps a DOM selection in a document view back to document offsets. The view renders the text as
// pieces, each an element with data-start/data-end holding exactly text.slice(start, end) as text
// nodes, so a boundary (text node, offset) is data-start plus the UTF-16 length before it inside
// the piece: exact for accents, emoji (surrogate pairs) and CRLF, which the DOM keeps as they are.
export interface Offsets {
  start: number;
  end: number;
}

function pieceOf(node: Node, root: Element): HTMLElement | null {
  let el: Node | null = node.nodeType === Node.ELEMENT_NODE ? node : node.parentNode;
  while (el && el !== root) {
    if (el instanceof HTMLElement && el.dataset.start !== undefined) return el;
    el = el.parentNode;
  }
  return null;
}

/** UTF-16 length of the text inside `piece` before the point (textNode, offset). */
function lengthBefore(piece: HTMLElement, textNode: Node, offset: number): number {
  const walker = document.createTreeWalker(piece, NodeFilter.SHOW_TEXT);
  let n = 0;
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    if (t === textNode) return n + offset;
    n += (t as Text).data.length;
  }
  return n;
}

/** The document offset of a boundary point inside `root` (`length`: the document's length). */
export function pointOffset(root: Element, node: Node, offset: number, length: number): number {
  if (node.nodeType === Node.TEXT_NODE) {
    const piece = pieceOf(node, root);
    if (piece) return Number(piece.dataset.start) + lengthBefore(piece, node, offset);
  }
  // An element boundary (or text outside any piece): the start of the first piece at or after it.
  const point = document.createRange();
  point.setStart(node, offset);
  for (const el of root.querySelectorAll<HTMLElement>('[data-start]')) {
    if (point.comparePoint(el, 0) >= 0) return Number(el.dataset.start);
  }
  return length;
}

/**
 * The selection as document offsets, or null when it is empty or lies outside `root`. Parts of
 * the selection outside the view are clipped to it; leading and trailing whitespace is left out.
 */
export function selectionOffsets(root: Element, sel: Selection | null, text: string): Offsets | null {
  if (!sel || sel.rangeCount === 0 || sel.isCollapsed) return null;
  const r = sel.getRangeAt(0);
  if (!r.intersectsNode(root)) return null;
  const whole = document.createRange();
  whole.selectNodeContents(root);
  const startsBefore = r.compareBoundaryPoints(Range.START_TO_START, whole) < 0;
  const endsAfter = r.compareBoundaryPoints(Range.END_TO_END, whole) > 0;
  let start = startsBefore ? 0 : pointOffset(root, r.startContainer, r.startOffset, text.length);
  let end = endsAfter ? text.length : pointOffset(root, r.endContainer, r.endOffset, text.length);
  while (start < end && /\s/.test(text[start])) start++;
  while (end > start && /\s/.test(text[end - 1])) end--;
  return end > start ? { start, end } : null;
}
