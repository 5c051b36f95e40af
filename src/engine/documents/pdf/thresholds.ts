// Every tuned number of the PDF reader, named, each with the reason it has the value it has. A
// number written inline in a stage is a fact of the format (a Markdown level stops at 6, a byte is
// 8 bits), not a judgement. Changing one changes how documents read: run the snapshot
// (bench/pdf-snapshot.ts) before and after, and the PDF bench.

// ------------------------------------------------------------------ read: the page budget (read/budget.ts)

/**
 * What one page may cost pdf.js before it is left out unread. pdf.js has no limit of its own: a
 * page past these would take it minutes to days (issue 33's attack files, scripts/pdf-cases-budget.ts).
 */
export const PAGE_BUDGET = {
  /** Operators, forms counted each time they are painted: a dense real page draws tens of thousands, a detailed map a million or two. */
  MAX_OPERATORS: 3_000_000,
  /** Text runs (Tj, TJ, ', "), forms counted as painted: a page of tiny type in a dense table shows some 20,000. */
  MAX_TEXT_RUNS: 200_000,
  /** Forms painted: pdf.js reads a form's content again each time it is painted (about a millisecond each); real pages paint hundreds. */
  MAX_FORMS: 20_000,
  /** Nesting of saved graphics states: PDF's own implementation limit is 28 (ISO 32000-1, annex C); pdf.js's time grows with its square. */
  MAX_SAVE_DEPTH: 1_000,
} as const;

// ------------------------------------------------------------------ lines (lines/)

/**
 * Most of a document's rows that running-line removal may take: running lines are a few rows a page,
 * so "removing" more says the pages repeat their content (a form printed per record): it stays.
 */
export const MAX_RUNNING_SHARE = 0.5;

/** The body is bold when over half its characters at body size are set in bold (most, not some). */
export const BODY_BOLD_SHARE = 0.5;

// ------------------------------------------------------------------ read: drawn lines (read/drawn.ts)

/** Thicker than this, a filled rectangle is a shape (its edges count), not a line. */
export const THIN_FILL = 3;

// ------------------------------------------------------------------ lines: fragments, columns, running lines (lines/)

/** Gap (in ems) above which one baseline splits into separate fragments. */
export const FRAG_GAP = 1.0;

/** Gap (in ems) inside a fragment where a column gutter may still cut it (see columns.ts). */
export const PART_GAP = 0.5;

/** Fewest glyph-by-glyph gaps a line needs before its usual letter gap is trusted. */
export const TRACKED_MIN_GAPS = 4;

/** Share of the page height, at the top and at the bottom, where running lines live. */
export const RUNNING_BAND = 0.12;

/**
 * A wider band for the first and last line of a page when the line repeats at one place on most
 * pages: LaTeX's default footer sets the page number some 15% of an A4 page above its foot.
 */
export const RUNNING_WIDE_BAND = 0.2;

/**
 * Pages a line must come back on, at the same place (digits aside), by its letters, or in the same
 * slot with its letters found elsewhere in the document, before the learned decision may take it for
 * a running line (roles/running.ts): a row at a page's edge that does not repeat is content — a
 * column's last line, a slide's bullet, a table continued on the next page — unless it reads as a
 * page number. Three pages: a pair of pages can repeat by chance (two tables with one header).
 */
export const RUNNING_REPEAT_PAGES = 3;

/**
 * A running head that carries a heading's title with a short label ("2 CHAPTER 1. REVIEW AND SCHEDULE",
 * "٢ باب ١. النتائج"): the heading's letters, this many at least, inside the row (a shorter title is
 * found inside too many rows by chance)…
 */
export const RUNNING_TITLE_LETTERS = 6;
/** …and at most this many letters of the row beside them: the label ("chapter", "глава", "פרק"), not a sentence. */
export const RUNNING_LABEL_LETTERS = 10;

/** A line of prose on one side of a gutter: this many characters at least… */
export const PROSE_CHARS = 15;

/** …spanning this share of that side's width in its band. */
export const PROSE_SPAN = 0.55;

/** Lines of prose needed on each side of a gutter, in one band. */
export const PROSE_LINES = 3;

/** Most share of digits among a prose line's letters and digits ("White, non-Hispanic 45,116 1,638 (3.6)" is a table row: 0.41). */
export const PROSE_DIGITS = 0.25;

/** Widest gap (in ems) between the pieces of a justified line of a column. */
export const JUSTIFIED_GAP = 2;

/** Share of its column's width a justified line spans. */
export const JUSTIFIED_SPAN = 0.85;

// ------------------------------------------------------------------ tables: ruled tables (tables/ruled.ts)

/** Points of slack where drawn lines meet or a rule is matched to a cell: producers draw joints a point or two apart. */
export const RULE_TOLERANCE = 2;

/** What a ruled grid must look like to be read as a table (tables/ruled.ts). */
export const RULED = {
  /** Text runs crossing the grid's inner lines: over one in this many visible ones (and two), the text was not laid out in these cells (a form). */
  ACROSS_ONE_IN: 5,
  /** Merged cells that are no rectangles (L shapes around boxes): covering one in this many of the grid's cells, a drawing's spaces. */
  IRREGULAR_ONE_IN: 4,
  /** Fewest cells with text (a grid of one or two filled boxes is a frame). */
  MIN_FILLED: 3,
  /** Cells longer than this on average (characters) are a page laid out in boxes, not a table. */
  MAX_MEAN_CELL_CHARS: 150,
  /** A framed paragraph with a caption row has at most this many cells with text… */
  FRAME_MAX_CELLS: 4,
  /** …one of them holding more than this share of the text… */
  FRAME_TEXT_SHARE: 0.8,
  /** …of more than this many characters (a short table may have one long cell). */
  FRAME_MIN_CHARS: 200,
  /** Horizontal rules shorter than this (points) do not rule a table across (LaTeX's \cmidrule is read as a group label's rule). */
  MIN_RULE_WIDTH: 100,
  /** A cell of this many words or more is prose: most cells so are running text between section rules. */
  PROSE_CELL_WORDS: 7,
  /** A column label is a few words: more than this is prose between two rules, not a header. */
  MAX_LABEL_WORDS: 15,
} as const;

/** Bands closer than this (points) with the same left and right edges are one table. */
export const RULED_BAND_GAP = 6;

// ------------------------------------------------------------------ tables: borderless tables (tables/borderless.ts)

export const BORDERLESS = {
  /** A fragment farther than this many sizes (ems) from every column's start is a stray line, not a cell. */
  FAR_FROM_COLUMN_EMS: 2,
  /** A row without its first cell within this many sizes under the last continues it (a wrapped cell): tighter than a row's spacing. */
  WRAP_PITCH: 1.35,
  /** Cells longer than this on average (characters) are prose set side by side, not a table. */
  MAX_MEAN_CELL_CHARS: 60,
  /** Leading rows with no first cell joined into one header row: at most this many (group labels, wrapped labels). */
  MAX_HEADER_ROWS: 3,
  /** Baselines closer than this share of the size are one line with its sub- or superscripts, never two rows. */
  SAME_LINE: 0.6,
  /** A cell "runs on" into the next when it has this many words at least and no full stop (a paragraph's line). */
  FLOW_WORDS: 3,
  /** A column is running text when a third of its consecutive pairs run on. */
  FLOW_PAIRS: 3,
  /** A column of lines this long on average (words) that runs on is a column of prose by itself. */
  PROSE_WORDS: 5,
  /**
   * One run holding two cells ("7219 urgent", Calc) is cut where a space's estimated place is within
   * this many sizes of other rows' cell edges: places come from each character's share of the run's
   * width, off by up to a quarter of a size on the corpus's Calc sheets (figures are wider than letters).
   */
  JOINED_EDGE_EMS: 0.5,
  /**
   * ...and only where this many other rows have a cell ending at the one place and one starting at the
   * other: one each, both edges being needed (a sheet's column of words may hold a single other word).
   */
  JOINED_EDGE_ROWS: 1,
} as const;

// ------------------------------------------------------------------ table direction (tables/direction.ts)

export const TABLE_DIRECTION = {
  /**
   * A table of right-to-left text reads left to right when its leftmost column holds words in this
   * much more of its body cells than its rightmost (the row labels are on the left). Generated tables
   * have a label in every first-column cell and figures in 60 % of the others' (a margin of ~0.6);
   * a quarter leaves room for columns of words beside the labels.
   */
  LABEL_COLUMN_MARGIN: 0.25,
} as const;

// ------------------------------------------------------------------ blocks (blocks/blocks.ts)

/** How far below the last line (in sizes of the text) the next line of one block may stand. */
export const BLOCK_REACH = {
  /** A paragraph's, a list item's or a wrapped heading's next line: 1.6 sizes, past the usual 1.2 leading. */
  TEXT: 1.6,
  /** Code's next line: a little more (code is often set with looser leading, blank lines drawn as gaps). */
  CODE: 2.5,
  /** A table's next row: rows are spaced apart more than lines of text. */
  CELLS: 2.6,
  /** A page's measured line pitch stands for its leading up to this many sizes (double spacing); wider is a gap. */
  MAX_PITCH: 2.6,
  /** Slack over the measured line pitch: baselines drift by a rounding or a raised character. */
  PITCH_SLACK: 1.15,
} as const;

// ------------------------------------------------------------------ roles: the outline (roles/outline.ts)

export const OUTLINE = {
  /** The outline gives the headings when this share of its titles is found in the text, in order (exact letters and digits). */
  FOUND: 0.5,
  /** …or this share when found only once section labels are taken off (a looser match must find nearly all). */
  FOUND_UNLABELLED: 0.8,
  /** A title matches one line, or this many consecutive lines (a title wrapped). */
  MAX_LINES: 3,
  /** Letters and digits a line may run past its title before no further line can make it match. */
  OVERRUN: 24,
  /** Fewest letters of an unlabelled title for the loose match (shorter titles match too much). */
  MIN_UNLABELLED: 3,
} as const;

// ------------------------------------------------------------------ roles: run-in headings (roles/run-in.ts)

export const RUN_IN = {
  /** Most words of a run-in heading's bold title ("1.2 Scope." opening a paragraph); more is a bold sentence. */
  MAX_WORDS: 12,
  /** Most characters of that title. */
  MAX_CHARS: 120,
} as const;

// ------------------------------------------------------------------ roles: the title page (roles/front-matter.ts)

export const FRONT_MATTER = {
  /** A line this long (characters) ending a sentence, or two such lines together, is body text: the front matter ends there. */
  BODY_LINE_CHARS: 60,
  /** A paragraph's first line may be indented by up to this many sizes (ems) from the next. */
  FIRST_LINE_INDENT: 4,
  /** A label word ("Definition", "Satz") starting this many heading candidates with different numbers is an environment's label. */
  ENV_LABEL_NUMBERS: 3,
} as const;

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
  /**
   * Chinese and Japanese have no spaces to count words by: a line ending in a full-width full stop,
   * question or exclamation mark ("。", "？", "！") with more characters than this reads as a sentence.
   */
  MAX_SENTENCE_CJK_CHARS: 6,
  /** A bold line at body size over a cell this short (one word, at most this many characters) is a spreadsheet
   * column's header cell, not a heading (Calc prints a wide sheet's right-hand columns on later pages). */
  MAX_CELL_CHARS: 10,
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

// ------------------------------------------------------------------ doubts: layouts read badly, warned (lines/doubts.ts)

/**
 * When the reader says it read a layout it does not handle (issue 33): a warning in the notes, the
 * structure marked as guessed.
 */
export const DOUBT = {
  /** A label in the margin stands this many ems clear of the text block's edge (a hanging indent or a list marker is closer). */
  SIDE_GAP_EMS: 1,
  /** A side label has at most this many words (a heading, not a second column of text). */
  SIDE_MAX_WORDS: 5,
  /** The text beside it fills at least this share of the text block's width (a line of the paragraph, not a table row). */
  SIDE_TEXT_SPAN: 0.6,
  /** Side labels in the document before it is warned of: one may be a stray note. */
  SIDE_MIN_LABELS: 2,
  /** Characters running sideways on an upright page before it is warned of (rotated axis labels and column heads are fewer). */
  SIDEWAYS_MIN_CHARS: 120,
  /** ... and their share of the page's characters. */
  SIDEWAYS_MIN_SHARE: 0.15,
} as const;
