// Kendall's τ-b by counting every pair (the textbook definition), written once for the tests that
// check the engine's O(n log n) τ-b and what the CLI and the page report.

/** τ-b = (concordant − discordant) / √((pairs − tied in x)(pairs − tied in y)); NaN when a list is all ties. */
export function tauBByPairs(x: readonly number[], y: readonly number[]): number {
  let concordant = 0;
  let discordant = 0;
  let tiedX = 0;
  let tiedY = 0;
  let pairs = 0;
  for (let i = 0; i < x.length; i++) {
    for (let j = i + 1; j < x.length; j++) {
      pairs++;
      const dx = Math.sign(x[i] - x[j]);
      const dy = Math.sign(y[i] - y[j]);
      if (dx === 0) tiedX++;
      if (dy === 0) tiedY++;
      if (dx * dy > 0) concordant++;
      else if (dx * dy < 0) discordant++;
    }
  }
  return (concordant - discordant) / Math.sqrt((pairs - tiedX) * (pairs - tiedY));
}
