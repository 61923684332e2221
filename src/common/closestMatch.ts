// "Did you mean …?" for mistyped server, prompt and argument names. Case-insensitive edit distance
// (with transpositions, the most common typo), accepting a candidate only when it is close enough
// to be a plausible typo; a candidate that starts with, or contains, what was typed wins ties.

export function closestMatch(typed: string, candidates: Iterable<string>): string | undefined {
  const needle = typed.toLowerCase();
  let best: { candidate: string; score: number } | undefined;
  for (const candidate of candidates) {
    const hay = candidate.toLowerCase();
    if (hay === needle) return candidate;
    const distance = editDistance(needle, hay);
    const containment = needle.length >= 3 && (hay.startsWith(needle) || hay.includes(needle) || needle.includes(hay));
    const limit = Math.max(2, Math.floor(Math.max(needle.length, hay.length) / 3));
    if (distance > limit && !containment) continue;
    // Lower is better: containment counts as a small distance so a prefix beats an unrelated near-miss.
    const score = containment ? Math.min(distance, 1) - 0.5 : distance;
    if (!best || score < best.score) best = { candidate, score };
  }
  return best?.candidate;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent transpositions. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, d[i - 2]![j - 2]! + 1);
      d[i]![j] = value;
    }
  }
  return d[rows - 1]![cols - 1]!;
}
