// Characters that are not text, as pdf.js hands them over for fonts without a Unicode map.

/**
 * Characters that are not text: C0 controls (but tab and line breaks) and U+FFFD. pdf.js hands
 * them over for glyphs of a font with no Unicode map (no ToUnicode, a custom encoding with glyph
 * names like /g18: the character codes themselves, 0x02, 0x03…). Layout sees them as drawn (they
 * hold places in rows), the Markdown never gets them (stripUndecodable), and a page with nothing
 * else counts as having no text. A page where they are at least MIN_UNDECODABLE characters and 30%
 * of its text gets a note: its text cannot be read without OCR.
 */
export const UNDECODABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFD]/;
export const UNDECODABLE_ALL = new RegExp(UNDECODABLE.source, 'g');
export const READABLE = /[^\s\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFD]/;
export const MIN_UNDECODABLE = 20;
