// The llm chunker's CLI tests share one text: six paragraphs on three topics (volcano, bread, chess),
// and a fake model that answers "the topic changes at paragraphs 2 and 4" for whatever window it is shown.
import { openaiReply, type Recorded } from '../engine/llm/server.ts';

export const paragraphs = [
  'The volcano woke after a century of silence. Hot lava poured from the crater all morning.',
  'Ash from the volcano darkened the valley. Geologists measured the gases near the crater rim.',
  'Baking bread starts with flour, water and yeast. The dough rises while the yeast works.',
  'A hot oven gives the bread its golden crust. Fresh bread cools on a rack before slicing.',
  'Chess players open with the king pawn or the queen pawn. A knight jumps over other pieces.',
  'Castling moves the king to safety behind the rook. Checkmate ends the game.',
];
export const context = paragraphs.join('\n\n');

/** A SQuAD question on `context` whose answer is `answer` (located in the text). */
export const qa = (id: string, question: string, answer: string) => ({ id, question, answers: [{ text: answer, answer_start: context.indexOf(answer) }] });

/** The fake model's answer: the topic switches (paragraphs 2 and 4) among the numbered paragraphs shown, none when `found` is false. */
export function topicReply(req: Recorded, found = true) {
  const user: string = req.body?.messages?.[1]?.content ?? '';
  const nums = [...user.matchAll(/^\[(\d+)\]/gm)].map((m) => Number(m[1]));
  return openaiReply(JSON.stringify({ boundaries: found ? [2, 4].filter((n) => n > nums[0] && nums.includes(n)) : [] }));
}
