// Font weight from a font's real name (pdf.js hands it over once the page's fonts are loaded).

/**
 * Does a font's name say it is bold? "Bold", "Black", "Heavy", "Semibold", "Demi"; URW's "Medi"
 * (NimbusRomNo9L-Medi, the Times of LaTeX's times package) and "Medium"; TeX's bold extended
 * Computer Modern and EC/Latin Modern fonts (CMBX10, CMB10, SFBX1095, ECBX1200); Hiragino's W6-W9
 * weights (HiraKakuPro-W6); "-Bd" abbreviations (FrutigerLTStd-Bd). A subset prefix ("ABCDEF+") is
 * ignored.
 */
export function isBoldFontName(name: string): boolean {
  const n = name.replace(/^[A-Z]{6}\+/, '');
  return /bold|black|heavy|semibold|demi|medium|[-,_ ]medi(?:ital)?(?![a-z])|^(?:cmbx|cmb\d|sfbx|ecbx|lmbx)|[-,_ ]w[6-9](?![0-9])|[-,_ ]bd(?![a-z])/i.test(n);
}
