// The first-visit guide: open until dismissed (remembered in localStorage `chunklab.guide`), opened
// again from the header's help button.
const KEY = 'chunklab.guide';

function dismissedBefore(): boolean {
  try {
    return localStorage.getItem(KEY) === 'dismissed';
  } catch {
    return false;
  }
}

/** `focus`: set by the help button so the guide takes focus once it is shown. */
export const guide = $state({ open: !dismissedBefore(), focus: false });

export function dismissGuide(): void {
  guide.open = false;
  try {
    localStorage.setItem(KEY, 'dismissed');
  } catch {
    // Not remembered: the guide shows again on the next visit.
  }
}

export function openGuide(): void {
  guide.open = true;
}
