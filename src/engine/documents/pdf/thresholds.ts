// Every tuned number of the PDF reader, named, each with the reason it has the value it has. A
// number written inline in a stage is a fact of the format (a Markdown level stops at 6, a byte is
// 8 bits), not a judgement. Changing one changes how documents read: run the snapshot
// (bench/pdf-snapshot.ts) before and after, and the PDF bench.

// ------------------------------------------------------------------ lines (lines/)

/**
 * Most of a document's rows that running-line removal may take: running lines are a few rows a page,
 * so "removing" more says the pages repeat their content (a form printed per record): it stays.
 */
export const MAX_RUNNING_SHARE = 0.5;

/** The body is bold when over half its characters at body size are set in bold (most, not some). */
export const BODY_BOLD_SHARE = 0.5;

// ------------------------------------------------------------------ roles: the hand rules (roles/rules.ts)

export const HEADING = {
  /** Set this much larger than the body, a line is a heading by size: one step of a type scale (10 → 11.2 pt). */
  LARGER: 1.12,
  /** Sizes closer than this (points) are one size: producers round sizes differently line to line. */
  SAME_SIZE: 0.6,
  /** A baseline within this many sizes below another is the next line of its paragraph (leading up to 150%). */
  LINE_PITCH: 1.5,
  /** A wrapped title's next line follows within this many sizes (titles are set a little looser than text). */
  TITLE_PITCH: 1.6,
  /** Longer lines (characters) are never headings: a heading is a title, not a paragraph on one line. */
  MAX_CHARS: 150,
  /** A line ending in punctuation with more words than this reads as a sentence ("Note:" and "1. Scope." do not). */
  MAX_SENTENCE_WORDS: 3,
  /** A bold line at body size with more words than this is emphasis in the text, not a title. */
  MAX_BOLD_WORDS: 12,
  /** A numbered line at body weight with more words than this is an item or a sentence, not a section title. */
  MAX_NUMBERED_WORDS: 10,
  /** A bold line is "nearly all bold" from this share of its letters (a bold word inside a sentence is not). */
  BOLD_SHARE: 0.9,
  /** Bold capitals may be set this much smaller than the body and still head a section (small caps titles). */
  CAPS_SMALLER: 0.85,
  /** Bold lines may be this much smaller (points) than the body: a bold face's size rounds differently. */
  BOLD_SMALLER_PT: 0.5,
  /** A title over its paragraph's first line is shorter than this share of that line (a full line is text). */
  SHORT_OVER_NEXT: 0.6,
  /** A line ending within this many sizes (ems) of the next line's end fills the measure: a paragraph's opening. */
  FILLS_MEASURE_EMS: 2,
} as const;
