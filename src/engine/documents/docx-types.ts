// What the Word reader needs of mammoth (passed in, module or loader, so the engine imports neither
// mammoth nor a file system): its own file so the folder's index can name it without a circle.
export interface MammothLike {
  convertToHtml(
    input: { arrayBuffer?: ArrayBuffer; buffer?: Uint8Array },
    options?: { styleMap?: string[]; includeDefaultStyleMap?: boolean },
  ): Promise<{ value: string; messages: { type: string; message: string }[] }>;
}

export type MammothSource = MammothLike | (() => Promise<MammothLike>);
