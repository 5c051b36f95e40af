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

/** The first balanced {...} of `text` that parses as JSON, or undefined. */
function firstJsonObject(text: string): unknown {
  const trimmed = text.trim();
  try {
    return JSON.parse(trimmed);
  } catch {
    /* look inside */
  }
  for (let start = text.indexOf('{'); start !== -1; start = text.indexOf('{', start + 1)) {
    let depth = 0;
    let inString = false;
    for (let i = start; i < text.length; i++) {
      const c = text[i];
      if (inString) {
        if (c === '\\') i++;
        else if (c === '"') inString = false;
        continue;
      }
      if (c === '"') inString = true;
      else if (c === '{') depth++;
      else if (c === '}' && --depth === 0) {
        try {
          return JSON.parse(text.slice(start, i + 1));
        } catch {
          break;
        }
      }
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
