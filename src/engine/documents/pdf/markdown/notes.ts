// The notes a reading leaves for the reader of the document.

/** Notes of the form "p. N: message" said once per message, with their pages ("message (p. 2, 3, 7)"). */
export function groupNotes(notes: string[]): string[] {
  const byMsg = new Map<string, number[]>();
  const out: string[] = [];
  for (const n of notes) {
    const m = /^p\. (\d+): (.*)$/.exec(n);
    if (!m) {
      out.push(n);
      continue;
    }
    const list = byMsg.get(m[2]);
    if (list) {
      if (!list.includes(Number(m[1]))) list.push(Number(m[1]));
    } else byMsg.set(m[2], [Number(m[1])]);
  }
  for (const [msg, pages] of byMsg) {
    const shown = pages.length > 12 ? `${pages.slice(0, 12).join(', ')}, …` : pages.join(', ');
    out.push(`${msg} (p. ${shown})`);
  }
  return out;
}
