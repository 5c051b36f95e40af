// Reading a model's answer: the JSON object {"questions": [{"question", "excerpts"}]}, possibly
// wrapped in a Markdown code fence or surrounded by a sentence despite the instructions. Anything
// else is malformed. Items with the wrong shape are reported one by one, the rest are kept.

export interface RawQuestion {
  question: string;
  excerpts: string[];
}

export interface ParsedAnswer {
  /** null when the whole answer is unusable (not JSON, no "questions" list). */
  questions: RawQuestion[] | null;
  /** Items of the list that are not {question: string, excerpts: string[]}. */
  malformedItems: number;
}

/** JSON.parse attempts on candidate objects before giving up (each costs the candidate's length). */
const MAX_PARSE_ATTEMPTS = 16;

/**
 * The first balanced {...} of `text` that parses as JSON, or undefined. One pass pairs every "{"
 * with its "}" (strings inside an object skipped), then at most MAX_PARSE_ATTEMPTS candidates are
 * parsed, earliest first: linear in the text, even on a long run of "{" that never closes (the
 * earlier scan restarted at every "{" and took time quadratic in the run).
 */
function firstJsonObject(text: string): unknown {
  const trimmed = text.trim();
  try {
    return JSON.parse(trimmed);
  } catch {
    /* look inside */
  }
  const opens = new Int32Array(text.length);
  let depth = 0;
  const pairs: [number, number][] = [];
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \\ */) i++;
      else if (c === 34 /* " */) inString = false;
      continue;
    }
    // Quotes count only inside an object: prose around the JSON may hold an odd one.
    if (c === 34 && depth) inString = true;
    else if (c === 123 /* { */) opens[depth++] = i;
    else if (c === 125 /* } */ && depth) pairs.push([opens[--depth], i]);
  }
  pairs.sort((a, b) => a[0] - b[0]);
  for (let k = 0; k < pairs.length && k < MAX_PARSE_ATTEMPTS; k++) {
    try {
      return JSON.parse(text.slice(pairs[k][0], pairs[k][1] + 1));
    } catch {
      /* the next candidate */
    }
  }
  return undefined;
}

export function parseQuestionAnswer(text: string): ParsedAnswer {
  const root = firstJsonObject(text);
  const list = root && typeof root === 'object' && !Array.isArray(root) ? (root as { questions?: unknown }).questions : Array.isArray(root) ? root : undefined;
  if (!Array.isArray(list)) return { questions: null, malformedItems: 0 };
  const questions: RawQuestion[] = [];
  let malformedItems = 0;
  for (const item of list) {
    const o = item && typeof item === 'object' ? (item as Record<string, unknown>) : undefined;
    const q = o?.question;
    let ex = o?.excerpts ?? o?.excerpt;
    if (typeof ex === 'string') ex = [ex];
    if (typeof q !== 'string' || !Array.isArray(ex) || !ex.every((e) => typeof e === 'string')) {
      malformedItems++;
      continue;
    }
    questions.push({ question: q, excerpts: ex as string[] });
  }
  return { questions, malformedItems };
}
